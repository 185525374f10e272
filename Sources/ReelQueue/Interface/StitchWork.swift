/// The stitcher's role: claims a job's stitch step, keeps its lease, and completes, fails or releases it.
public protocol StitchWork: Sendable {
    /// Leases the stitch step of one job whose segments are all done (or whose stitch lease expired).
    /// With `params.rolling`, also of a job still rendering whose first segment is done: the rolling stitcher
    /// appends parts as the done prefix grows (`stitchProgress`), and the job stays `running` until every
    /// segment is done. A job holds at most one stitch lease, in either mode.
    /// Exactly one of many concurrent callers gets it. Nil when there is none. There is no wake-up for
    /// "stitch ready": workers call this after their own completions and whenever `segmentClaim` finds nothing.
    func stitchClaim(_ params: StitchClaimParams) throws(QueueError) -> StitchClaim?

    /// Extends a stitch lease; `.canceled` if the job was canceled, `.lost` if the lease is gone.
    func stitchHeartbeat(_ lease: StitchLease, leaseDuration: Duration) throws(QueueError) -> HeartbeatResult

    /// A stitch heartbeat that records how many parts the stitcher has appended (`Job.stitchedSegments`).
    /// Once every segment of the job is done it moves a running job to `stitching` (its stitch clock starts),
    /// which `jobComplete` requires. `.canceled` if the job was canceled, `.lost` if the lease is gone.
    func stitchProgress(_ lease: StitchLease, stitchedSegments: Int,
                        leaseDuration: Duration) throws(QueueError) -> HeartbeatResult

    /// Fenced by the stitch lease: the listed done segments, whose parts the stitcher found missing or
    /// invalid, go back to available (attempts reset, `message` recorded as their error), the job goes back
    /// to (or stays) running and the stitch lease is released; workers are woken. With no segments listed it
    /// only releases the lease (a draining rolling stitcher). Nothing is lost: the other parts stay.
    /// - Returns: false when the lease was already lost (nothing changed).
    func stitchRequeue(_ lease: StitchLease, segmentIDs: [Int64], message: String) throws(QueueError) -> Bool

    /// Completes a stitch step, recording its duration, and the published output's size and the loudness
    /// correction's report (a JSON object) when given; false when the stitch lease was lost (the output must be
    /// discarded).
    func jobComplete(_ lease: StitchLease, outputBytes: Int64?, loudness: String?) throws(QueueError) -> Bool

    /// Fails a job from its stitch step with `message`; false when the stitch lease was lost.
    func jobFail(_ lease: StitchLease, message: String) throws(QueueError) -> Bool
}

extension StitchWork {
    /// Completes a stitch step without reporting the output's size.
    public func jobComplete(_ lease: StitchLease) throws(QueueError) -> Bool {
        try jobComplete(lease, outputBytes: nil, loudness: nil)
    }

    /// Completes a stitch step with the output's size and no loudness report.
    public func jobComplete(_ lease: StitchLease, outputBytes: Int64?) throws(QueueError) -> Bool {
        try jobComplete(lease, outputBytes: outputBytes, loudness: nil)
    }
}
