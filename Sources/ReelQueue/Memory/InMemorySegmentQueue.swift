import Foundation
import ReelModel
import Synchronization

/// The embedded queue used by `reel render`: all state in memory behind one mutex.
/// Behaves like `PostgresSegmentQueue` (same conformance suite), with an injectable clock.
public final class InMemorySegmentQueue: SegmentQueue {
    private let state = Mutex(MemoryState())
    private let clock: any QueueClock
    private let signal = MemoryWakeSignal()
    /// Fired when the event log got a row (`changeListen`).
    private let changes = MemoryWakeSignal()

    /// - Parameter clock: the source of "now" (a `ManualQueueClock` in tests).
    public init(clock: any QueueClock = SystemQueueClock()) { self.clock = clock }

    /// Runs `body` under the lock and wakes waiters when it made work available.
    func locked<T: Sendable>(
        _ body: (inout MemoryState, Date) throws(QueueError) -> T
    ) throws(QueueError) -> T {
        let now = clock.now()
        let (result, wake, changed): (Result<T, QueueError>, Bool, Bool) = state.withLock { s in
            s.wake = false
            s.logged = false
            let r = Result { () throws(QueueError) -> T in try body(&s, now) }
            return (r, s.wake, s.logged)
        }
        if wake { signal.fire() }
        if changed { changes.fire() }
        return try result.get()
    }

    public func jobInsert(_ params: JobInsertParams) throws(QueueError) -> JobInsertResult {
        try params.spec.validate()
        var reusable = [String: Int64]()
        if params.reuseParts {
            let hashes = Set(params.spec.segments.map(\.contentHash))
            let candidates: [(String, Int64, String)] = state.withLock { s in
                hashes.compactMap { h in
                    guard let id = s.doneByHash[h], let loc = s.segments[id]?.segment.partLocation else { return nil }
                    return (h, id, loc)
                }
            }
            for (h, id, loc) in candidates where params.partIsValid(PartCandidate(contentHash: h, location: loc)) {
                reusable[h] = id
            }
        }
        let waiting = params.spec.segments.filter { reusable[$0.contentHash] == nil }.reduce(Int64(0)) { $0 + $1.frames.count64 }
        return try locked { s, now throws(QueueError) in
            try s.refuseSecondWriter(of: params.spec.outputLocation, besides: nil)
            try s.holdCaps(params.caps, owner: params.spec.owner, adding: waiting)
            return s.insert(params.spec, reusable: reusable, now: now)
        }
    }

    public func jobGet(_ jobID: Int64) throws(QueueError) -> Job {
        try locked { s, _ throws(QueueError) in try s.job(jobID).job }
    }

    public func jobList(_ params: JobListParams) throws(QueueError) -> [Job] {
        try locked { s, _ in s.list(params) }
    }

    public func jobStatusList(_ params: JobListParams) throws(QueueError) -> [JobStatus] {
        try locked { s, now throws(QueueError) in
            try s.list(params).map { job throws(QueueError) in try s.status(job.id, now: now) }
        }
    }

    public func metricsSample() throws(QueueError) -> QueueMetrics { try locked { s, now in s.metrics(now: now) } }

    public func jobStatus(_ jobID: Int64) throws(QueueError) -> JobStatus {
        try locked { s, now throws(QueueError) in try s.status(jobID, now: now) }
    }

    public func jobCancel(_ jobID: Int64) throws(QueueError) -> Bool {
        try locked { s, now throws(QueueError) in try s.cancel(jobID, now: now) }
    }

    public func jobRetry(_ jobID: Int64) throws(QueueError) -> Int {
        try locked { s, now throws(QueueError) in try s.retry(jobID, now: now) }
    }

    public func jobPrioritySet(_ jobID: Int64, priority: Int) throws(QueueError) -> Int {
        try locked { s, _ throws(QueueError) in try s.setPriority(jobID, priority) }
    }

    public func shareSet(owner: String, weight: Int) throws(QueueError) {
        try locked { s, _ throws(QueueError) in try s.shareSet(owner: owner, weight: weight) }
    }

    public func shareList() throws(QueueError) -> [String: Int] {
        try locked { s, _ in s.shares }
    }

    public func jobComplete(_ lease: StitchLease, outputBytes: Int64?, loudness: String?) throws(QueueError) -> Bool {
        try locked { s, now throws(QueueError) in
            try s.finish(lease, failure: nil, outputBytes: outputBytes, loudness: loudness, now: now)
        }
    }

    public func jobFail(_ lease: StitchLease, message: String) throws(QueueError) -> Bool {
        try locked { s, now throws(QueueError) in try s.finish(lease, failure: message, now: now) }
    }

    public func contentHashListActive(_ params: ContentHashListParams) throws(QueueError) -> Set<String> {
        try locked { s, _ throws(QueueError) in
            var hashes = Set<String>()
            for j in s.jobs.values where j.job.state.isActive {
                for id in j.segmentIDs { if let seg = s.segments[id] { hashes.insert(seg.segment.contentHash) } }
            }
            return params.among.map { hashes.intersection($0) } ?? hashes
        }
    }

    public func segmentList(jobID: Int64) throws(QueueError) -> [Segment] {
        try locked { s, _ throws(QueueError) in try s.job(jobID).segmentIDs.compactMap { s.segments[$0]?.segment } }
    }

    public func segmentClaim(_ params: SegmentClaimParams) throws(QueueError) -> [ClaimedSegment] {
        guard params.limit > 0 else { return [] }
        return try locked { s, now throws(QueueError) in try s.claim(params, now: now) }
    }

    public func segmentHeartbeat(_ lease: Lease, leaseDuration: Duration,
                                 progressFrames: Int64?) throws(QueueError) -> HeartbeatResult {
        try locked { s, now in s.heartbeat(lease, leaseDuration, progress: progressFrames, now: now) }
    }

    public func segmentComplete(_ params: SegmentCompleteParams) throws(QueueError) -> Bool {
        try locked { s, now throws(QueueError) in try s.complete(params, now: now) }
    }

    public func segmentFail(_ params: SegmentFailParams) throws(QueueError) -> SegmentFailResult {
        try locked { s, now throws(QueueError) in try s.fail(params, now: now) }
    }

    public func segmentRelease(_ lease: Lease) throws(QueueError) -> Bool {
        try locked { s, now throws(QueueError) in try s.release(lease, now: now) }
    }

    public func rescueExpired(_ params: RescueParams) throws(QueueError) -> Int {
        try locked { s, now throws(QueueError) in try s.rescue(params, now: now) }
    }

    public func stitchClaim(_ params: StitchClaimParams) throws(QueueError) -> StitchClaim? {
        try locked { s, now throws(QueueError) in try s.stitchClaim(params, now: now) }
    }

    public func stitchRequeue(_ lease: StitchLease, segmentIDs: [Int64], message: String) throws(QueueError) -> Bool {
        try locked { s, now throws(QueueError) in
            try s.stitchRequeue(lease, segmentIDs: segmentIDs, message: message, now: now)
        }
    }

    public func stitchProgress(_ lease: StitchLease, stitchedSegments: Int,
                               leaseDuration: Duration) throws(QueueError) -> HeartbeatResult {
        try locked { s, now throws(QueueError) in
            try s.stitchProgress(lease, stitched: stitchedSegments, leaseDuration, now: now)
        }
    }

    public func stitchHeartbeat(_ lease: StitchLease, leaseDuration: Duration) throws(QueueError) -> HeartbeatResult {
        try locked { s, now in s.stitchHeartbeat(lease, leaseDuration, now: now) }
    }

    public func workerRegister(_ params: WorkerRegisterParams) throws(QueueError) {
        try locked { s, now throws(QueueError) in
            let done = s.workers[params.workerID]?.segmentsDone ?? 0
            s.workers[params.workerID] = WorkerInfo(
                id: params.workerID, host: params.host, pid: params.pid, version: params.version, tags: params.tags,
                startedAt: now, lastSeenAt: now, currentSegmentID: nil, recentFramesPerSecond: nil, segmentsDone: done)
        }
    }

    public func workerHeartbeat(_ params: WorkerHeartbeatParams) throws(QueueError) {
        try locked { s, now throws(QueueError) in
            guard var w = s.workers[params.workerID] else { throw QueueError.workerNotFound(params.workerID) }
            w.lastSeenAt = now
            w.currentSegmentID = params.currentSegmentID
            w.recentFramesPerSecond = params.recentFramesPerSecond
            w.segmentsDone += params.segmentsDoneDelta
            s.workers[params.workerID] = w
        }
    }

    public func workerSetState(_ workerID: String, _ state: WorkerRunState) throws(QueueError) {
        try locked { s, now throws(QueueError) in
            guard s.workers[workerID] != nil else { throw QueueError.workerNotFound(workerID) }
            s.workers[workerID]?.state = state
            s.workers[workerID]?.lastSeenAt = now
            if state == .stopped { s.workers[workerID]?.currentSegmentID = nil }
        }
    }

    public func workerPrune(olderThan age: Duration) throws(QueueError) -> Int {
        try locked { s, now throws(QueueError) in
            let cutoff = now.addingTimeInterval(-age.secondsDouble)
            let old = s.workers.values.filter { $0.lastSeenAt < cutoff }.map(\.id)
            old.forEach { s.workers[$0] = nil }
            return old.count
        }
    }

    public func workerList() throws(QueueError) -> [WorkerInfo] {
        try locked { s, _ in s.workers.values.sorted { ($0.lastSeenAt, $1.id) > ($1.lastSeenAt, $0.id) } }
    }

    public func eventList(jobID: Int64) throws(QueueError) -> [QueueEvent] {
        try locked { s, _ throws(QueueError) in
            _ = try s.job(jobID)
            return s.events[jobID] ?? []
        }
    }

    public func wakeupListen() throws(QueueError) -> any QueueWaiter { MemoryWaiter(signal: signal) }

    public func changeListen() throws(QueueError) -> any QueueWaiter { MemoryWaiter(signal: changes) }
}

/// A generation counter that waiters block on.
final class MemoryWakeSignal: @unchecked Sendable {
    private let condition = NSCondition()
    private var generation = 0

    func fire() {
        condition.lock()
        generation += 1
        condition.broadcast()
        condition.unlock()
    }

    var current: Int {
        condition.lock(); defer { condition.unlock() }
        return generation
    }

    /// Waits until the generation differs from `seen` or `timeout` passes; returns the generation.
    func wait(after seen: Int, timeout: Duration) -> Int {
        let deadline = Date().addingTimeInterval(timeout.secondsDouble)
        condition.lock(); defer { condition.unlock() }
        while generation == seen, condition.wait(until: deadline) {}
        return generation
    }
}

/// Wakes when the in-memory queue fires its signal: new work, or a change of state.
final class MemoryWaiter: QueueWaiter {
    private let signal: MemoryWakeSignal
    private var seen: Int

    init(signal: MemoryWakeSignal) {
        self.signal = signal
        self.seen = signal.current
    }

    func wait(timeout: Duration) throws(QueueError) -> Bool {
        let g = signal.wait(after: seen, timeout: timeout)
        defer { seen = g }
        return g != seen
    }
}
