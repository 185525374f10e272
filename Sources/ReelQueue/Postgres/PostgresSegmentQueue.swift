import Foundation

/// The farm's queue: PostgreSQL through libpq, one short statement or transaction per call.
///
/// Claims use `FOR UPDATE SKIP LOCKED` on a partial index; every write about a claimed segment or stitch step
/// is fenced by `lease_token`; state changes are checked and logged by triggers. Connections come from a
/// small pool that reconnects with backoff. Run `Migrator` first.
public final class PostgresSegmentQueue: SegmentQueue {
    let pool: PGPool
    let configuration: PostgresQueueConfiguration

    /// - Throws: `QueueError.configuration` for an invalid configuration. Connects lazily.
    public init(_ configuration: PostgresQueueConfiguration) throws(QueueError) {
        try configuration.validate()
        self.configuration = configuration
        self.pool = PGPool(configuration)
    }

    /// The NOTIFY channel of this queue's schema.
    var channel: String { QueueListener.workChannel(schema: configuration.schema) }

    /// The injected "now" as a parameter, or NULL for the server's clock.
    var now: PGValue? { PGValue.micros(configuration.clock?.now()) }

    public func jobInsert(_ params: JobInsertParams) throws(QueueError) -> JobInsertResult {
        let spec = params.spec
        try spec.validate()
        let reusable = params.reuseParts ? try reusableParts(spec, valid: params.partIsValid) : [:]
        let segments = spec.segments.sorted { $0.index < $1.index }
        let waiting = segments.filter { reusable[$0.contentHash] == nil }.reduce(Int64(0)) { $0 + $1.frames.count64 }
        let jobID: Int64 = try pool.transaction(rerun: .ifNothingSucceeded) { c throws(QueueError) in
            try holdCaps(params.caps, owner: spec.owner, adding: waiting, on: c)
            var values: [PGValue?] = [
                .text(spec.name), .text(spec.owner), .text(spec.composition), .text(spec.outputLocation),
                .int(spec.priority), .int(spec.maxAttempts), .array(spec.requiredTags), .int(spec.segments.count),
                .int64(spec.frameCount), now, spec.webhookURL.map(PGValue.text),
            ]
            if let token = spec.tokenID { values.append(.int64(token)) }
            let id = try c.exec(spec.tokenID == nil ? JobSQL.insert : JobSQL.insertByToken, values).rows[0].int64("id")!
            _ = try c.exec(SegmentSQL.insertMany, [
                .int64(id), .int(spec.priority), .array(spec.requiredTags), .int(spec.maxAttempts), now,
                .array(segments.map { String($0.index) }), .array(segments.map { Int64?($0.frames.lowerBound) }),
                .array(segments.map { Int64?($0.frames.upperBound) }),
                .array(segments.map { Int64?($0.samples.lowerBound) }),
                .array(segments.map { Int64?($0.samples.upperBound) }), .array(segments.map(\.contentHash)),
                .array(segments.map { reusable[$0.contentHash]?.id }),
                .array(segments.map { reusable[$0.contentHash]?.location }),
            ])
            _ = try c.exec(JobSQL.notifyWork, [.text(channel), .text("job \(id)")])
            return id
        }
        try refreshStatistics(after: segments.count)
        let reused = segments.filter { reusable[$0.contentHash] != nil }.count
        return JobInsertResult(jobID: jobID, reusedSegments: reused)
    }

    /// Refuses, inside the writing transaction, a job of `frames` waiting frames that `owner` has no room for under
    /// `caps`: the owner's advisory lock is held from here to commit, so a second submission of the owner counts
    /// this one. Without caps it takes no lock and reads nothing.
    /// - Throws: `QueueError.capReached`.
    func holdCaps(_ caps: OwnerCaps, owner: String, adding frames: Int64, on c: PGConnection) throws(QueueError) {
        guard !caps.isEmpty else { return }
        _ = try c.exec(CapSQL.lock, [.text(owner)])
        let load = try c.exec(CapSQL.load, [.text(owner)]).rows[0]
        if let refusal = caps.refusal(active: load.int("active_jobs") ?? 0, queued: load.int64("queued_frames") ?? 0,
                                      adding: frames) {
            throw .capReached(refusal)
        }
    }

    /// Done parts of earlier jobs with the spec's content hashes that `valid` accepts.
    private func reusableParts(
        _ spec: JobSpec, valid: (PartCandidate) -> Bool
    ) throws(QueueError) -> [String: (id: Int64, location: String)] {
        let hashes = Array(Set(spec.segments.map(\.contentHash)))
        let rows = try pool.with { c throws(QueueError) in
            try c.exec(SegmentSQL.donePartsByHash, [.array(hashes)]).rows
        }
        var out = [String: (id: Int64, location: String)]()
        for r in rows {
            let hash = r.text("content_hash")
            guard let loc = r.string("part_location"), let id = r.int64("id"),
                  valid(PartCandidate(contentHash: hash, location: loc)) else { continue }
            out[hash] = (id, loc)
        }
        return out
    }

    /// Connects once, without retrying: whether the database answers now (a worker waiting for its
    /// database says so at once instead of after the pool's backoff).
    /// - Throws: `QueueError.connection`.
    public func ping() throws(QueueError) { try pool.ping() }

    public func jobGet(_ jobID: Int64) throws(QueueError) -> Job {
        try pool.with { c throws(QueueError) in try jobGet(jobID, on: c) }
    }

    /// The job, when `owner` is nil or owns it; else `jobNotFound`, as for an id nobody has.
    func jobGet(_ jobID: Int64, owner: String? = nil, on c: PGConnection) throws(QueueError) -> Job {
        guard let row = try c.exec(JobSQL.get, [.int64(jobID), owner.map(PGValue.text)]).rows.first else {
            throw QueueError.jobNotFound(jobID)
        }
        return Self.job(from: row)
    }

    public func jobList(_ params: JobListParams) throws(QueueError) -> [Job] {
        try pool.with { c throws(QueueError) in try jobList(params, on: c) }
    }

    func jobList(_ params: JobListParams, on c: PGConnection) throws(QueueError) -> [Job] {
        let pattern = params.search.flatMap { $0.isEmpty ? nil : "%" + Self.likeEscaped($0) + "%" }
        return try c.exec(JobSQL.list, [
            .array(params.states.map(\.rawValue)), .int(max(0, params.limit)), pattern.map(PGValue.text),
            .int(max(0, params.offset)), params.owner.map(PGValue.text),
        ]).rows.map(Self.job)
    }

    /// `text` as a literal LIKE pattern: `\`, `%` and `_` escaped with `\`.
    static func likeEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }

    public func jobPrioritySet(_ jobID: Int64, priority: Int) throws(QueueError) -> Int {
        try jobPrioritySet(jobID, priority: priority, owner: nil)
    }

    func jobPrioritySet(_ jobID: Int64, priority: Int, owner: String?) throws(QueueError) -> Int {
        try pool.with { c throws(QueueError) in
            guard let row = try c.exec(JobSQL.setPriority, [.int64(jobID), .int(priority), owner.map(PGValue.text)])
                .rows.first else {
                throw QueueError.jobNotFound(jobID)
            }
            return row.int("previous") ?? priority
        }
    }

    /// The claim statement (`SegmentSQL.claim`: $1 now in µs or NULL, $2 limit, $3 worker, $4 tags, $5 lease µs,
    /// $6 lease token), for `EXPLAIN` and for bench-queue's pgbench comparison with today's claim.
    public static var claimStatement: String { SegmentSQL.claim.sql }

    public func shareSet(owner: String, weight: Int) throws(QueueError) {
        try OwnerShare.validate(owner: owner, weight: weight)
        try pool.with { c throws(QueueError) in _ = try c.exec(ShareSQL.set, [.text(owner), .int(weight)]) }
    }

    public func shareList() throws(QueueError) -> [String: Int] {
        try pool.with { c throws(QueueError) in
            var shares: [String: Int] = [:]
            for r in try c.exec(ShareSQL.list).rows { shares[r.text("owner")] = r.int("weight") }
            return shares
        }
    }

    public func jobCancel(_ jobID: Int64) throws(QueueError) -> Bool {
        try jobCancel(jobID, owner: nil)
    }

    func jobCancel(_ jobID: Int64, owner: String?) throws(QueueError) -> Bool {
        try pool.transaction { c throws(QueueError) in
            guard try c.exec(JobSQL.lock, [.int64(jobID), owner.map(PGValue.text)]).rowCount == 1 else {
                throw QueueError.jobNotFound(jobID)
            }
            return try stopJob(jobID, as: .canceled, reason: nil, on: c)
        }
    }

    /// Stops an active job and cancels its waiting and running segments; false when it was not active.
    func stopJob(_ jobID: Int64, as end: JobState, reason: String?, on c: PGConnection) throws(QueueError) -> Bool {
        let stopped = try c.exec(JobSQL.stop, [.int64(jobID), .text(end.rawValue), reason.map(PGValue.text), now])
        guard stopped.rowCount == 1 else { return false }
        _ = try c.exec(SegmentSQL.cancelForJob, [.int64(jobID)])
        return true
    }

    public func jobRetry(_ jobID: Int64) throws(QueueError) -> Int {
        try jobRetry(jobID, owner: nil)
    }

    /// - Parameter caps: held against `owner` (a submit token retrying its own job), under its lock, before anything moves.
    func jobRetry(_ jobID: Int64, owner: String?, caps: OwnerCaps = OwnerCaps()) throws(QueueError) -> Int {
        try pool.transaction { c throws(QueueError) -> Int in
            guard let row = try c.exec(JobSQL.lock, [.int64(jobID), owner.map(PGValue.text)]).rows.first else {
                throw QueueError.jobNotFound(jobID)
            }
            guard let state = JobState(rawValue: row.text("state")), state == .failed || state == .canceled else {
                return 0
            }
            if let owner, !caps.isEmpty {
                let frames = try c.exec(CapSQL.retryFrames, [.int64(jobID)]).rows[0].int64("frames") ?? 0
                try holdCaps(caps, owner: owner, adding: frames, on: c)
            }
            let n = try c.exec(SegmentSQL.retryForJob, [.int64(jobID), now]).affected
            _ = try c.exec(JobSQL.requeue, [.int64(jobID)])
            _ = try c.exec(JobSQL.notifyWork, [.text(channel), .text("retry \(jobID)")])
            return n
        }.then { n throws(QueueError) in try refreshStatistics(after: n) }
    }

    /// After many rows became available at once the planner's statistics underestimate them and it picks a
    /// bitmap scan plus a sort of every available row for each claim (O(n) per claim) instead of walking the
    /// claim index. ANALYZE (tens of milliseconds) puts the ordered index scan back at once.
    private func refreshStatistics(after changed: Int) throws(QueueError) {
        guard changed >= Self.analyzeThreshold else { return }
        _ = try pool.with { c throws(QueueError) in try c.exec(SegmentSQL.analyze) }
    }

    /// Inserting or requeuing at least this many segments refreshes the planner's statistics.
    static let analyzeThreshold = 500

    public func jobComplete(_ lease: StitchLease, outputBytes: Int64?, loudness: String?) throws(QueueError) -> Bool {
        try stitchFinish(lease, state: .done, error: nil, outputBytes: outputBytes, loudness: loudness)
    }

    public func jobFail(_ lease: StitchLease, message: String) throws(QueueError) -> Bool {
        try stitchFinish(lease, state: .failed, error: "stitch, attempt \(lease.attempt): \(message)")
    }

    private func stitchFinish(_ lease: StitchLease, state: JobState, error: String?,
                              outputBytes: Int64? = nil, loudness: String? = nil) throws(QueueError) -> Bool {
        try pool.transaction { c throws(QueueError) in
            let finished = try c.exec(JobSQL.stitchFinish, [
                .int64(lease.jobID), .uuid(lease.token), .text(state.rawValue), error.map(PGValue.text), now,
                outputBytes.map(PGValue.int64), loudness.map(PGValue.text),
            ]).rowCount == 1
            // A rolling stitcher can fail a job still rendering: its waiting and running segments stop too.
            if finished && state == .failed { _ = try c.exec(SegmentSQL.cancelForJob, [.int64(lease.jobID)]) }
            return finished
        }
    }

    public func stitchClaim(_ params: StitchClaimParams) throws(QueueError) -> StitchClaim? {
        try pool.with { c throws(QueueError) in
            guard let row = try c.exec(JobSQL.stitchClaim, [
                now, .text(params.workerID), .int64(params.leaseDuration.microseconds), .array(params.tags),
                .bool(params.rolling), .bool(params.fromFirstClaim),
            ]).rows.first else { return nil }
            let job = Self.job(from: row)
            let lease = StitchLease(jobID: job.id, attempt: job.stitchAttempt, token: row.uuid("stitch_lease_token")!)
            let segments = try c.exec(SegmentSQL.listForJob, [.int64(job.id)]).rows.map(Self.segment)
            return StitchClaim(lease: lease, job: job, segments: segments)
        }
    }

    public func stitchRequeue(_ lease: StitchLease, segmentIDs: [Int64], message: String) throws(QueueError) -> Bool {
        try pool.transaction { c throws(QueueError) in
            guard let row = try c.exec(JobSQL.stitchRequeueJob, [.int64(lease.jobID), .uuid(lease.token), .text(message)])
                .rows.first else { return false }
            _ = try c.exec(SegmentSQL.requeueDone, [.int64(lease.jobID), .array(segmentIDs.map { Optional($0) }),
                                                    .text(message), now, .text(row.string("worker") ?? "")])
            _ = try c.exec(JobSQL.notifyWork, [.text(channel), .text("requeued parts")])
            return true
        }
    }

    public func stitchHeartbeat(_ lease: StitchLease, leaseDuration: Duration) throws(QueueError) -> HeartbeatResult {
        try pool.with { c throws(QueueError) in
            let r = try c.exec(JobSQL.stitchHeartbeat, [
                .int64(lease.jobID), .uuid(lease.token), now, .int64(leaseDuration.microseconds),
            ])
            if r.rowCount == 1 { return .ok }
            return try jobGet(lease.jobID, on: c).state == .canceled ? .canceled : .lost
        }
    }

    public func stitchProgress(_ lease: StitchLease, stitchedSegments: Int,
                               leaseDuration: Duration) throws(QueueError) -> HeartbeatResult {
        try pool.with { c throws(QueueError) in
            let r = try c.exec(JobSQL.stitchProgress, [
                .int64(lease.jobID), .uuid(lease.token), now, .int64(leaseDuration.microseconds),
                .int64(Int64(stitchedSegments)),
            ])
            if r.rowCount == 1 { return .ok }
            return try jobGet(lease.jobID, on: c).state == .canceled ? .canceled : .lost
        }
    }

    public func wakeupListen() throws(QueueError) -> any QueueWaiter {
        try QueueListener(configuration: configuration)
    }

    public func changeListen() throws(QueueError) -> any QueueWaiter {
        try QueueListener(configuration: configuration, channels: [QueueListener.eventsChannel(schema: configuration.schema)])
    }
}

extension Int {
    /// Runs `body` on the value and returns the value (for a side effect after a transaction).
    fileprivate func then(_ body: (Int) throws(QueueError) -> Void) throws(QueueError) -> Int {
        try body(self)
        return self
    }
}
