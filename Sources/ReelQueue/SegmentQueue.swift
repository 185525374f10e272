import Foundation

/// The segment queue of the render farm: one interface, two drivers (`InMemorySegmentQueue` for
/// `reel render`, `PostgresSegmentQueue` for the farm), checked by one conformance suite.
///
/// Methods are named noun-then-verb and block the calling thread; call them from a dedicated thread,
/// not from the cooperative pool. "No work" is a normal return (`[]`, `nil`), never an error.
/// Every write about a claimed segment or stitch step is fenced by its lease token.
public protocol SegmentQueue: Sendable {
    /// Inserts a job and its segments in one transaction, then wakes waiting workers.
    /// Segments whose content hash has a valid part from an earlier job are marked done at once.
    /// - Throws: `QueueError.invalidSpec`, `.connection`, `.constraint`.
    func jobInsert(_ params: JobInsertParams) throws -> JobInsertResult

    /// - Throws: `QueueError.jobNotFound`.
    func jobGet(_ jobID: Int64) throws -> Job

    /// Jobs, newest first.
    func jobList(_ params: JobListParams) throws -> [Job]

    /// Segment counts, frames done and in progress, the recent fps, ETA, elapsed time, unserved tags and
    /// failures of one job.
    /// - Throws: `QueueError.jobNotFound`.
    func jobStatus(_ jobID: Int64) throws -> JobStatus

    /// The statuses of the jobs `jobList(params)` lists, in its order, each equal to its `jobStatus`: read in
    /// a constant number of queries whatever the number of jobs (the monitor's jobs page).
    func jobStatusList(_ params: JobListParams) throws -> [JobStatus]

    /// Farm-wide numbers for `/metrics` and the jobs page, aggregated by the driver (histograms included),
    /// not by reading every row.
    func metricsSample() throws -> QueueMetrics

    /// Cancels an active job: available segments become canceled, running ones too (their heartbeat then
    /// answers `.canceled`); done segments keep their parts. Returns false when the job was not active.
    /// - Throws: `QueueError.jobNotFound`.
    func jobCancel(_ jobID: Int64) throws -> Bool

    /// Requeues a failed or canceled job: its failed and canceled segments become available with fresh
    /// attempts. Returns the number of segments requeued (0 when the job was neither failed nor canceled).
    /// - Throws: `QueueError.jobNotFound`.
    func jobRetry(_ jobID: Int64) throws -> Int

    /// Sets a job's priority (higher is claimed first) for its segments not yet done; running segments keep
    /// rendering. Works in any job state. Returns the previous priority.
    /// - Throws: `QueueError.jobNotFound`.
    func jobPrioritySet(_ jobID: Int64, priority: Int) throws -> Int

    /// Completes a stitch step, recording its duration and the published output's size when given;
    /// false when the stitch lease was lost (the output must be discarded).
    func jobComplete(_ lease: StitchLease, outputBytes: Int64?) throws -> Bool

    /// Fails a job from its stitch step with `message`; false when the stitch lease was lost.
    func jobFail(_ lease: StitchLease, message: String) throws -> Bool

    /// The content hashes of every segment of every active job (queued, running or stitching), in any segment
    /// state: the parts those jobs have used, are rendering or will stitch. `reel gc` must keep these.
    /// With `params.among` set, only those of the given hashes that are referenced (a cheap re-check of one part).
    func contentHashListActive(_ params: ContentHashListParams) throws -> Set<String>

    /// All segments of a job in index order.
    func segmentList(jobID: Int64) throws -> [Segment]

    /// Leases up to `limit` available segments, highest priority first, then oldest `scheduledAt`, then id.
    /// Concurrent callers never receive the same segment.
    func segmentClaim(_ params: SegmentClaimParams) throws -> [ClaimedSegment]

    /// Extends a lease by `leaseDuration` and records `progressFrames` (frames the attempt has rendered so far,
    /// clamped to the segment's frames; nil keeps the last report), or reports that the segment was canceled or
    /// the lease lost.
    func segmentHeartbeat(_ lease: Lease, leaseDuration: Duration, progressFrames: Int64?) throws -> HeartbeatResult

    /// Records the part; false when fenced out (the lease was lost: discard the output).
    func segmentComplete(_ params: SegmentCompleteParams) throws -> Bool

    /// Records the attempt's error and requeues with backoff, or fails the segment and its job at `maxAttempts`.
    func segmentFail(_ params: SegmentFailParams) throws -> SegmentFailResult

    /// Gives the segment back without using up the attempt (graceful drain, e.g. on SIGTERM).
    /// Returns false when the lease was already lost.
    func segmentRelease(_ lease: Lease) throws -> Bool

    /// Requeues running segments whose lease expired (recording "lease expired" as the attempt's error),
    /// or fails them at `maxAttempts`. Any worker may run it. Returns how many were rescued.
    func rescueExpired(_ params: RescueParams) throws -> Int

    /// Leases the stitch step of one job whose segments are all done (or whose stitch lease expired).
    /// With `params.rolling`, also of a job still rendering whose first segment is done: the rolling stitcher
    /// appends parts as the done prefix grows (`stitchProgress`), and the job stays `running` until every
    /// segment is done. A job holds at most one stitch lease, in either mode.
    /// Exactly one of many concurrent callers gets it. Nil when there is none. There is no wake-up for
    /// "stitch ready": workers call this after their own completions and whenever `segmentClaim` finds nothing.
    func stitchClaim(_ params: StitchClaimParams) throws -> StitchClaim?

    /// Extends a stitch lease; `.canceled` if the job was canceled, `.lost` if the lease is gone.
    func stitchHeartbeat(_ lease: StitchLease, leaseDuration: Duration) throws -> HeartbeatResult

    /// A stitch heartbeat that records how many parts the stitcher has appended (`Job.stitchedSegments`).
    /// Once every segment of the job is done it moves a running job to `stitching` (its stitch clock starts),
    /// which `jobComplete` requires. `.canceled` if the job was canceled, `.lost` if the lease is gone.
    func stitchProgress(_ lease: StitchLease, stitchedSegments: Int, leaseDuration: Duration) throws -> HeartbeatResult

    /// Fenced by the stitch lease: the listed done segments, whose parts the stitcher found missing or
    /// invalid, go back to available (attempts reset, `message` recorded as their error), the job goes back
    /// to (or stays) running and the stitch lease is released; workers are woken. With no segments listed it
    /// only releases the lease (a draining rolling stitcher). Nothing is lost: the other parts stay.
    /// - Returns: false when the lease was already lost (nothing changed).
    func stitchRequeue(_ lease: StitchLease, segmentIDs: [Int64], message: String) throws -> Bool

    /// Registers (or re-registers) a worker.
    func workerRegister(_ params: WorkerRegisterParams) throws

    /// Updates a worker's last-seen time, current segment and throughput.
    func workerHeartbeat(_ params: WorkerHeartbeatParams) throws

    /// Registered workers, most recently seen first.
    func workerList() throws -> [WorkerInfo]

    /// Records what a worker says of itself (draining, stopped).
    func workerSetState(_ workerID: String, _ state: WorkerRunState) throws

    /// Removes workers not seen for `olderThan` (dead or long stopped). Returns how many.
    func workerPrune(olderThan: Duration) throws -> Int

    /// The state changes of one job, oldest first.
    func eventList(jobID: Int64) throws -> [QueueEvent]

    /// A waiter that wakes when work may be available (new job, retry, requeue). Use one per thread,
    /// and keep polling too: wake-ups can be lost.
    func wakeupListen() throws -> any QueueWaiter
}

extension SegmentQueue {
    /// Completes a stitch step without reporting the output's size.
    public func jobComplete(_ lease: StitchLease) throws -> Bool { try jobComplete(lease, outputBytes: nil) }

    /// Extends a lease without reporting progress.
    public func segmentHeartbeat(_ lease: Lease, leaseDuration: Duration) throws -> HeartbeatResult {
        try segmentHeartbeat(lease, leaseDuration: leaseDuration, progressFrames: nil)
    }
}

/// Blocks a thread until the queue signals that work may be available. Not shared between threads.
public protocol QueueWaiter: AnyObject {
    /// Waits up to `timeout`; true when woken by a signal, false on timeout.
    func wait(timeout: Duration) throws -> Bool
}
