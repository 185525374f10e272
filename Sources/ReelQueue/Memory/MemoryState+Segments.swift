import Foundation

extension MemoryState {
    /// Inserts a job and its segments; `reusable` maps content hashes to valid done segments.
    mutating func insert(_ spec: JobSpec, reusable: [String: Int64], now: Date) -> JobInsertResult {
        let jobID = nextJobID
        nextJobID += 1
        var job = Job(id: jobID, name: spec.name, owner: spec.owner, composition: spec.composition,
                      outputLocation: spec.outputLocation, state: .queued, priority: spec.priority,
                      maxAttempts: spec.maxAttempts, requiredTags: spec.requiredTags,
                      segmentCount: spec.segments.count, frameCount: spec.frameCount, error: nil,
                      stitchAttempt: 0, createdAt: now, startedAt: nil, finishedAt: nil)
        job.webhookURL = spec.webhookURL
        job.tokenID = spec.tokenID
        jobs[jobID] = MemoryJob(job: job)
        log(jobID, .job(from: nil, to: .queued), worker: nil, message: nil, at: now)
        var reused = 0
        var fresh: [Segment] = []
        for spec in spec.segments.sorted(by: { $0.index < $1.index }) {
            let source = reusable[spec.contentHash].flatMap { segments[$0]?.segment }
            if let s = insertSegment(spec, job: job, reusing: source, now: now) { fresh.append(s) }
            if source != nil { reused += 1 }
        }
        insertAvailable(fresh)
        wake = true
        return JobInsertResult(jobID: jobID, reusedSegments: reused)
    }

    /// Stores one segment; returns it when it is available (the caller adds those to the claim order at once).
    private mutating func insertSegment(_ spec: SegmentSpec, job: Job, reusing source: Segment?, now: Date) -> Segment? {
        let id = nextSegmentID
        nextSegmentID += 1
        let s = Segment(id: id, jobID: job.id, index: spec.index, frames: spec.frames, samples: spec.samples,
                        contentHash: spec.contentHash, state: source == nil ? .available : .done,
                        priority: job.priority, attempt: 0, maxAttempts: job.maxAttempts, leasedBy: nil,
                        leaseExpiresAt: nil, scheduledAt: now, errors: [], partLocation: source?.partLocation,
                        reusedFrom: source?.id, stats: nil, finishedAt: source == nil ? nil : now)
        segments[id] = MemorySegment(segment: s, token: nil, requiredTags: Set(job.requiredTags))
        jobs[job.id]?.segmentIDs.append(id)
        guard let source else { return s }
        jobs[job.id]?.doneCount += 1
        log(job.id, .segment(index: s.index, from: nil, to: .done), worker: nil,
            message: "reused part of segment \(source.id)", at: now)
        return nil
    }

    mutating func claim(_ p: SegmentClaimParams, now: Date) throws(QueueError) -> [ClaimedSegment] {
        let mine = running.sorted().compactMap { id in segments[id].flatMap { $0.token == p.token ? $0 : nil } }
        if !mine.isEmpty {   // the same claim again: what it already holds
            return mine.map { s in
                ClaimedSegment(lease: Lease(segmentID: s.segment.id, jobID: s.segment.jobID, attempt: s.segment.attempt,
                                            token: p.token), segment: s.segment)
            }
        }
        let picked = fairOrder(tags: Set(p.tags), now: now, limit: p.limit)
        return try picked.map { id throws(QueueError) in try lease(id, p, now: now) }
    }

    private mutating func lease(_ id: Int64, _ p: SegmentClaimParams, now: Date) throws(QueueError) -> ClaimedSegment {
        try moveSegment(id, to: .running, at: now, worker: p.workerID)
        var s = segments[id]!
        s.segment.attempt += 1
        s.segment.leasedBy = p.workerID
        s.segment.leaseExpiresAt = now.adding(p.leaseDuration)
        s.segment.progressFrames = 0
        s.segment.claimedAt = now
        let since = max(s.segment.scheduledAt, s.availableAt ?? s.segment.scheduledAt)
        s.segment.claimWait = .microseconds(max(0, now.microsecondsSince1970 - since.microsecondsSince1970))
        s.token = p.token
        segments[id] = s
        if jobs[s.segment.jobID]?.job.state == .queued {
            try moveJob(s.segment.jobID, to: .running, at: now, worker: p.workerID)
        }
        let lease = Lease(segmentID: id, jobID: s.segment.jobID, attempt: s.segment.attempt, token: s.token!)
        return ClaimedSegment(lease: lease, segment: s.segment)
    }

    /// The segment when `lease` still holds it (state running or canceled with the same token).
    func held(_ lease: Lease) -> MemorySegment? {
        guard let s = segments[lease.segmentID], s.token == lease.token, s.segment.state.holdsLease else { return nil }
        return s
    }

    mutating func heartbeat(_ lease: Lease, _ d: Duration, progress: Int64?, now: Date) -> HeartbeatResult {
        guard let s = held(lease) else { return .lost }
        if s.segment.state == .canceled { return .canceled }
        segments[lease.segmentID]?.segment.leaseExpiresAt = now.adding(d)
        if let progress { segments[lease.segmentID]?.segment.progressFrames = min(max(0, progress), s.segment.frames.count64) }
        return .ok
    }

    mutating func complete(_ p: SegmentCompleteParams, now: Date) throws(QueueError) -> Bool {
        guard let s = segments[p.lease.segmentID], s.token == p.lease.token else { return false }
        if s.segment.state == .done { return true }
        guard s.segment.state == .running else { return false }
        try moveSegment(s.segment.id, to: .done, at: now, worker: s.segment.leasedBy)
        segments[s.segment.id]?.segment.partLocation = p.partLocation
        segments[s.segment.id]?.segment.stats = p.stats
        segments[s.segment.id]?.segment.finishedAt = now
        segments[s.segment.id]?.segment.leaseExpiresAt = nil
        return true
    }

    mutating func fail(_ p: SegmentFailParams, now: Date) throws(QueueError) -> SegmentFailResult {
        guard let s = held(p.lease), s.segment.state == .running else { return .fencedOut }
        return try failAttempt(s.segment.id, message: p.message, kind: p.recordedKind, backoff: p.backoff,
                               permanent: p.permanent, now: now)
    }

    /// Records the current attempt's error, then requeues with backoff or fails the segment and its job.
    mutating func failAttempt(_ id: Int64, message: String, kind: String, backoff: Backoff, permanent: Bool = false,
                              now: Date) throws(QueueError) -> SegmentFailResult {
        var s = segments[id]!.segment
        let worker = s.leasedBy
        s.errors.append(AttemptError(attempt: s.attempt, message: message, workerID: worker, at: now, kind: kind))
        s.leaseExpiresAt = nil
        let exhausted = s.attempt >= s.maxAttempts || permanent
        if !exhausted { s.scheduledAt = now.adding(backoff.delay(afterAttempt: s.attempt)) }
        segments[id]?.segment = s
        segments[id]?.token = nil
        try moveSegment(id, to: exhausted ? .failed : .available, at: now, worker: worker, message: message)
        guard exhausted else { return .retrying(at: s.scheduledAt) }
        let reason = "segment \(s.index), attempt \(s.attempt): \(message)"
        try stopJob(s.jobID, as: .failed, reason: reason, at: now)
        return .failed(reason: reason)
    }

    mutating func release(_ lease: Lease, now: Date) throws(QueueError) -> Bool {
        guard let s = held(lease), s.segment.state == .running else { return false }
        segments[s.segment.id]?.segment.attempt -= 1
        segments[s.segment.id]?.segment.leaseExpiresAt = nil
        segments[s.segment.id]?.token = nil
        segments[s.segment.id]?.availableAt = now
        try moveSegment(s.segment.id, to: .available, at: now, worker: s.segment.leasedBy, message: "released")
        return true
    }

    mutating func rescue(_ p: RescueParams, now: Date) throws(QueueError) -> Int {
        let expired = running.filter { id in (segments[id]?.segment.leaseExpiresAt).map { $0 < now } ?? false }
            .sorted().prefix(p.limit)
        for id in expired where segments[id]?.segment.state == .running {
            let worker = segments[id]?.segment.leasedBy ?? "unknown"
            _ = try failAttempt(id, message: "lease expired (worker \(worker))", kind: AttemptError.Kind.leaseExpired,
                                backoff: p.backoff, now: now)
        }
        return expired.count + (try rescueStitches(p, now: now))
    }

    /// Stitch steps whose lease expired: the attempt's error is recorded; the job fails once its stitch
    /// has used `maxAttempts`, else the step waits out the backoff (`stitchLeasedBy` empty: rescued) and
    /// is claimed again. A stitch that crashes its worker therefore cannot crash workers forever.
    mutating func rescueStitches(_ p: RescueParams, now: Date) throws(QueueError) -> Int {
        let expired = jobs.values.filter { j in
            (j.job.state == .stitching || j.job.state == .running) && j.stitchLeasedBy != nil && j.stitchLeasedBy != ""
                && (j.stitchExpiresAt.map { $0 < now } ?? false)
        }.map(\.job.id).sorted()
        for id in expired {
            let j = try job(id)
            let message = "stitch attempt \(j.job.stitchAttempt): lease expired (worker \(j.stitchLeasedBy ?? "unknown"))"
            if j.job.stitchAttempt >= j.job.maxAttempts {
                try stopJob(id, as: .failed, reason: message + "; no stitch attempts left", at: now)
                continue
            }
            jobs[id]?.job.error = message
            jobs[id]?.stitchToken = UUID()
            jobs[id]?.stitchLeasedBy = ""
            jobs[id]?.stitchExpiresAt = now.adding(p.backoff.delay(afterAttempt: j.job.stitchAttempt))
        }
        return expired.count
    }
}
