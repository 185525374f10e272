import Foundation

extension PostgresSegmentQueue {
    public func jobStatus(_ jobID: Int64) throws(QueueError) -> JobStatus {
        try pool.with { c throws(QueueError) in try statuses(of: [try jobGet(jobID, on: c)], on: c)[0] }
    }

    public func jobStatusList(_ params: JobListParams) throws(QueueError) -> [JobStatus] {
        try pool.with { c throws(QueueError) in try statuses(of: try jobList(params, on: c), on: c) }
    }

    /// The statuses of `jobs`, in their order, in four statements whatever their number: segment totals grouped
    /// by job and state, their attempt errors, the workers (for unserved tags) and the clock.
    func statuses(of jobs: [Job], on c: PGConnection) throws(QueueError) -> [JobStatus] {
        guard !jobs.isEmpty else { return [] }
        let at = try c.exec(JobSQL.now, [now]).rows[0].date("now_us")!
        let ids = PGValue.array(jobs.map { Optional($0.id) })
        var totals = [Int64: JobSegmentTotals]()
        for r in try c.exec(SegmentSQL.totalsForJobs, [ids, .micros(at), .int64(RecentRate.window.microseconds)]).rows {
            guard let id = r.int64("job_id"), let s = SegmentState(rawValue: r.text("state")) else { continue }
            var t = totals[id] ?? JobSegmentTotals()
            t.counts[s] = r.int("n") ?? 0
            if s == .done {
                t.framesDone = r.int64("frames") ?? 0
                t.framesRendered = r.int64("rendered") ?? 0
                t.lastDoneAt = r.date("last_finished_us")
            }
            if s == .running { t.framesInProgress = r.int64("progress") ?? 0 }
            t.windowFrames += r.double("window_frames") ?? 0
            totals[id] = t
        }
        var failures = [Int64: [SegmentFailure]]()
        for r in try c.exec(SegmentSQL.failuresForJobs, [ids]).rows {
            failures[r.int64("job_id")!, default: []].append(SegmentFailure(
                segmentIndex: r.int("segment_index") ?? 0, attempt: r.int("attempt") ?? 0, message: r.text("message"),
                workerID: r.string("worker"), at: r.date("at_us") ?? at, kind: r.text("kind")))
        }
        let workers = try workerList(on: c)
        return jobs.map { job in
            JobStatus.make(job: job, totals: totals[job.id] ?? JobSegmentTotals(), failures: failures[job.id] ?? [],
                           workers: workers, now: at)
        }
    }

    public func metricsSample() throws(QueueError) -> QueueMetrics {
        let negated = QueueHistogram().upperBoundsMicroseconds.reversed().map { Optional(-$0) }
        return try pool.transaction { c throws(QueueError) in
            // Room to hash the per-segment cells (the planner over-estimates them and would sort 100k rows).
            _ = try c.exec("SET LOCAL work_mem = '32MB'")
            var m = Self.metrics(from: try c.exec(MetricsSQL.sample, [now, .array(Array(negated))]).rows)
            m.workers = try workerList(on: c)
            return m
        }
    }

    /// Reads `MetricsSQL.sample`'s labelled rows (histograms on the default bounds).
    static func metrics(from rows: [PGRow]) -> QueueMetrics {
        var m = QueueMetrics(at: Date())
        for s in JobState.allCases { m.jobsByState[s] = 0 }
        for s in SegmentState.allCases { m.segmentsByState[s] = 0 }
        var buckets = [String: [Int: Int64]](), sums = [String: Int64](), perMinute = [Int64](repeating: 0, count: 60)
        var waitingSince: Int64?
        for r in rows {
            let label = r.text("m"), k = r.string("k"), n = r.int64("n") ?? 0, a = r.int64("a") ?? 0
            switch label {
            case "job": if let s = k.flatMap(JobState.init) { m.jobsByState[s] = Int(n) }
            case "segment":
                guard let s = k.flatMap(SegmentState.init) else { continue }
                m.segmentsByState[s] = Int(n)
                if s == .done { m.framesRendered = a; m.framesReused = r.int64("b") ?? 0 }
                if s == .available { waitingSince = r.int64("c") }
            case "render", "claim", "stitch":
                buckets[label, default: [:]][Int(k ?? "") ?? QueueHistogram.defaultBounds.count] = n
                sums[label, default: 0] += a
            case "failure": m.failuresByKind[k ?? AttemptError.Kind.unknown, default: 0] += n
            case "minute": if let i = Int(k ?? ""), perMinute.indices.contains(i) { perMinute[i] = a }
            case "now": m.at = Date(microsecondsSince1970: a)
            default: continue
            }
        }
        m.oldestQueuedAge = waitingSince.map { .microseconds(max(0, m.at.microsecondsSince1970 - $0)) }
        let hist = { (name: String) in QueueHistogram(bucketCounts: buckets[name] ?? [:], sumMicroseconds: sums[name] ?? 0) }
        m.segmentRenderSeconds = hist("render")
        m.claimWaitSeconds = hist("claim")
        m.stitchSeconds = hist("stitch")
        m.framesPerMinute = perMinute
        return m
    }
}
