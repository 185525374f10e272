import Foundation

extension MemoryState {
    /// Moves an active job to `failed` or `canceled`; its available and running segments become canceled
    /// (running ones keep their token so heartbeats answer `.canceled`), done ones keep their parts.
    mutating func stopJob(_ id: Int64, as end: JobState, reason: String?, at now: Date) throws(QueueError) {
        let j = try job(id)
        guard j.job.state.isActive else { return }
        jobs[id]?.job.error = reason
        try moveJob(id, to: end, at: now, message: reason)
        for sid in j.segmentIDs {
            guard let s = segments[sid]?.segment, s.state == .available || s.state == .running else { continue }
            try moveSegment(sid, to: .canceled, at: now, worker: s.leasedBy, message: reason)
        }
    }

    mutating func cancel(_ id: Int64, now: Date) throws(QueueError) -> Bool {
        guard try job(id).job.state.isActive else { return false }
        try stopJob(id, as: .canceled, reason: nil, at: now)
        return true
    }

    /// The database's `jobs_active_output`: no two active jobs on one output.
    func refuseSecondWriter(of output: String, besides job: Int64?) throws(QueueError) {
        if jobs.values.contains(where: { $0.job.id != job && $0.job.outputLocation == output && $0.job.state.isActive }) {
            throw .outputTaken(output)
        }
    }

    mutating func retry(_ id: Int64, now: Date) throws(QueueError) -> Int {
        let j = try job(id)
        guard j.job.state == .failed || j.job.state == .canceled else { return 0 }
        try refuseSecondWriter(of: j.job.outputLocation, besides: id)
        var count = 0
        for sid in j.segmentIDs {
            guard var s = segments[sid], s.segment.state == .failed || s.segment.state == .canceled else { continue }
            s.segment.attempt = 0
            s.segment.scheduledAt = now
            s.segment.leaseExpiresAt = nil
            s.token = nil
            segments[sid] = s
            try moveSegment(sid, to: .available, at: now, message: "retry")
            count += 1
        }
        jobs[id]?.job.error = nil
        try moveJob(id, to: .queued, at: now, message: "retry")
        wake = true
        return count
    }

    mutating func setPriority(_ id: Int64, _ priority: Int) throws(QueueError) -> Int {
        let j = try job(id)
        jobs[id]?.job.priority = priority
        // Every segment follows, done ones too: a part the stitcher sends back is claimable in its job's group.
        for sid in j.segmentIDs {
            guard let s = segments[sid]?.segment else { continue }
            if s.state == .available { removeAvailable(s) }
            segments[sid]?.segment.priority = priority
            if s.state == .available, let moved = segments[sid]?.segment { insertAvailable(moved) }
        }
        return j.job.priority
    }

    mutating func stitchClaim(_ p: StitchClaimParams, now: Date) throws(QueueError) -> StitchClaim? {
        let tags = Set(p.tags)
        let ready = jobs.values.filter { j in
            guard Set(j.job.requiredTags).isSubset(of: tags), j.job.state.isActive else { return false }
            let free = j.stitchLeasedBy == nil || (j.stitchLeasedBy == "" && (j.stitchExpiresAt ?? now) <= now)
            guard free else { return false }
            if j.job.state == .stitching || j.doneCount == j.segmentIDs.count { return true }
            guard p.rolling, j.job.state == .running, let first = j.segmentIDs.first.flatMap({ segments[$0]?.segment.state }) else {
                return false
            }
            return first == .done || (p.fromFirstClaim && first == .running)
        }
        guard let pick = ready.min(by: { ($0.job.priority, -$0.job.id) > ($1.job.priority, -$1.job.id) }) else {
            return nil
        }
        let id = pick.job.id
        if pick.job.state != .stitching && pick.doneCount == pick.segmentIDs.count {
            try moveJob(id, to: .stitching, at: now, worker: p.workerID)
        }
        let token = UUID()
        jobs[id]?.stitchToken = token
        jobs[id]?.stitchLeasedBy = p.workerID
        jobs[id]?.stitchExpiresAt = now.adding(p.leaseDuration)
        jobs[id]?.job.stitchAttempt += 1
        jobs[id]?.job.stitchedSegments = 0
        if jobs[id]?.job.state == .stitching { jobs[id]?.job.stitchStartedAt = now }   // its stitch clock starts
        let j = jobs[id]!
        let lease = StitchLease(jobID: id, attempt: j.job.stitchAttempt, token: token)
        return StitchClaim(lease: lease, job: j.job, segments: j.segmentIDs.compactMap { segments[$0]?.segment })
    }

    /// The job when `lease` still holds its stitch step.
    private func stitchHeld(_ lease: StitchLease) -> MemoryJob? {
        guard let j = jobs[lease.jobID], j.stitchToken == lease.token,
              j.job.state == .stitching || j.job.state == .running else { return nil }
        return j
    }

    mutating func stitchHeartbeat(_ lease: StitchLease, _ d: Duration, now: Date) -> HeartbeatResult {
        guard stitchHeld(lease) != nil else {
            return jobs[lease.jobID]?.job.state == .canceled ? .canceled : .lost
        }
        jobs[lease.jobID]?.stitchExpiresAt = now.adding(d)
        return .ok
    }

    /// See `StitchWork.stitchProgress`.
    mutating func stitchProgress(_ lease: StitchLease, stitched: Int, _ d: Duration,
                                 now: Date) throws(QueueError) -> HeartbeatResult {
        let beat = stitchHeartbeat(lease, d, now: now)
        guard beat == .ok, let j = jobs[lease.jobID] else { return beat }
        jobs[lease.jobID]?.job.stitchedSegments = stitched
        if j.job.state == .running && j.doneCount == j.segmentIDs.count {
            try moveJob(lease.jobID, to: .stitching, at: now, worker: j.stitchLeasedBy)
            jobs[lease.jobID]?.job.stitchStartedAt = now
        }
        return .ok
    }

    mutating func finish(_ lease: StitchLease, failure: String?, outputBytes: Int64? = nil, loudness: String? = nil,
                         now: Date) throws(QueueError) -> Bool {
        guard let j = stitchHeld(lease), j.job.state == .stitching || failure != nil else { return false }
        if failure == nil, let started = j.job.stitchStartedAt {
            jobs[lease.jobID]?.job.stitchDuration = .microseconds(now.microsecondsSince1970 - started.microsecondsSince1970)
            jobs[lease.jobID]?.job.outputBytes = outputBytes
            jobs[lease.jobID]?.job.loudness = loudness
        }
        if let failure {
            let reason = "stitch, attempt \(lease.attempt): \(failure)"
            try stopJob(lease.jobID, as: .failed, reason: reason, at: now)
        } else {
            try moveJob(lease.jobID, to: .done, at: now, worker: j.stitchLeasedBy)
        }
        return true
    }

    func status(_ id: Int64, now: Date) throws(QueueError) -> JobStatus {
        let j = try job(id)
        let active = j.job.state.isActive
        let end = active ? now : (j.job.finishedAt ?? now)
        var t = JobSegmentTotals()
        var failures = [SegmentFailure]()
        for sid in j.segmentIDs {
            guard let s = segments[sid]?.segment else { continue }
            t.counts[s.state, default: 0] += 1
            if s.state == .done {
                t.framesDone += s.frames.count64
                if s.reusedFrom == nil { t.framesRendered += s.frames.count64 }
                if let f = s.finishedAt, f > (t.lastDoneAt ?? .distantPast) { t.lastDoneAt = f }
            }
            if s.state == .running { t.framesInProgress += s.progressFrames }
            t.windowFrames += RecentRate.frames(of: s, jobActive: active, end: end)
            failures += s.errors.map {
                SegmentFailure(segmentIndex: s.index, attempt: $0.attempt, message: $0.message, workerID: $0.workerID,
                               at: $0.at, kind: $0.kind)
            }
        }
        failures.sort { ($0.at, $0.segmentIndex, $0.attempt) < ($1.at, $1.segmentIndex, $1.attempt) }
        return JobStatus.make(job: j.job, totals: t, failures: failures, workers: Array(workers.values), now: now)
    }
}

extension MemoryState {
    /// See `StitchWork.stitchRequeue`.
    mutating func stitchRequeue(_ lease: StitchLease, segmentIDs: [Int64], message: String,
                                now: Date) throws(QueueError) -> Bool {
        guard let j = stitchHeld(lease) else { return false }
        let worker = j.stitchLeasedBy
        jobs[lease.jobID]?.job.error = message
        if j.job.state == .stitching { try moveJob(lease.jobID, to: .running, at: now, worker: worker, message: message) }
        jobs[lease.jobID]?.stitchToken = nil
        jobs[lease.jobID]?.stitchLeasedBy = nil
        jobs[lease.jobID]?.stitchExpiresAt = nil
        for id in segmentIDs where j.segmentIDs.contains(id) && segments[id]?.segment.state == .done {
            var s = segments[id]!.segment
            s.errors.append(AttemptError(attempt: s.attempt, message: message, workerID: worker, at: now,
                                         kind: AttemptError.Kind.partMissing))
            s.attempt = 0
            s.partLocation = nil
            s.reusedFrom = nil
            s.finishedAt = nil
            s.scheduledAt = now
            segments[id]?.segment = s
            try moveSegment(id, to: .available, at: now, worker: worker, message: message)
        }
        return true
    }
}
