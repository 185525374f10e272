import Foundation

extension MemoryState {
    /// Jobs that pass `params`, newest first, paged.
    func list(_ params: JobListParams) -> [Job] {
        let all = jobs.values.map(\.job).filter(params.matches).sorted { $0.id > $1.id }
        return Array(all.dropFirst(max(0, params.offset)).prefix(max(0, params.limit)))
    }

    /// See `QueueMonitoring.metricsSample`; the same definitions as `MetricsSQL.sample`.
    func metrics(now: Date) -> QueueMetrics {
        var m = QueueMetrics(at: now)
        for s in JobState.allCases { m.jobsByState[s] = 0 }
        for s in SegmentState.allCases { m.segmentsByState[s] = 0 }
        for j in jobs.values {
            m.jobsByState[j.job.state, default: 0] += 1
            if j.job.state == .failed, j.job.error?.hasPrefix("stitch") == true {
                m.failuresByKind[AttemptError.Kind.stitch, default: 0] += 1
            }
        }
        m.stitchSeconds = QueueHistogram(microseconds: jobs.values.compactMap { $0.job.stitchDuration?.microseconds })
        var render = [Int64](), waits = [Int64](), perMinute = [Int64](repeating: 0, count: 60)
        var oldest: Date?
        let nowUS = now.microsecondsSince1970, hourAgo = nowUS - 3_600_000_000
        for stored in segments.values {
            let s = stored.segment
            m.segmentsByState[s.state, default: 0] += 1
            if let w = s.claimWait { waits.append(w.microseconds) }
            for e in s.errors { m.failuresByKind[e.kind, default: 0] += 1 }
            if s.state == .available, s.scheduledAt <= now {
                let since = max(s.scheduledAt, stored.availableAt ?? s.scheduledAt)
                oldest = min(oldest ?? since, since)
            }
            guard s.state == .done else { continue }
            if s.reusedFrom != nil { m.framesReused += s.frames.count64; continue }
            m.framesRendered += s.frames.count64
            if let d = s.stats?.duration { render.append(d.microseconds) }
            if let f = s.finishedAt?.microsecondsSince1970, f > hourAgo, f <= nowUS {
                perMinute[Int((f - hourAgo - 1) / 60_000_000)] += s.frames.count64
            }
        }
        m.segmentRenderSeconds = QueueHistogram(microseconds: render)
        m.claimWaitSeconds = QueueHistogram(microseconds: waits)
        m.oldestQueuedAge = oldest.map { .microseconds(nowUS - $0.microsecondsSince1970) }
        m.framesPerMinute = perMinute
        m.workers = workers.values.sorted { ($0.lastSeenAt, $1.id) > ($1.lastSeenAt, $0.id) }
        return m
    }
}
