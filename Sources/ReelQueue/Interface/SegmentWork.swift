/// A render slot's role: claims segments, keeps their leases and reports their outcome; rescues expired leases.
public protocol SegmentWork: Sendable {
    /// Leases up to `limit` available segments: highest priority first; within a priority, fair share (the owner with
    /// the fewest running frames per unit of weight, ties to the owner whose oldest segment is older); within an owner,
    /// oldest `scheduledAt`, then id (docs/queue-states.md, "Fair share"). Concurrent callers never receive the same
    /// segment.
    func segmentClaim(_ params: SegmentClaimParams) throws(QueueError) -> [ClaimedSegment]

    /// Extends a lease by `leaseDuration` and records `progressFrames` (frames the attempt has rendered so far,
    /// clamped to the segment's frames; nil keeps the last report), or reports that the segment was canceled or
    /// the lease lost.
    func segmentHeartbeat(_ lease: Lease, leaseDuration: Duration,
                          progressFrames: Int64?) throws(QueueError) -> HeartbeatResult

    /// Records the part; false when fenced out (the lease was lost: discard the output).
    func segmentComplete(_ params: SegmentCompleteParams) throws(QueueError) -> Bool

    /// Records the attempt's error and requeues with backoff, or fails the segment and its job at `maxAttempts`.
    func segmentFail(_ params: SegmentFailParams) throws(QueueError) -> SegmentFailResult

    /// Gives the segment back without using up the attempt (graceful drain, e.g. on SIGTERM).
    /// Returns false when the lease was already lost.
    func segmentRelease(_ lease: Lease) throws(QueueError) -> Bool

    /// Requeues running segments whose lease expired (recording "lease expired" as the attempt's error),
    /// or fails them at `maxAttempts`; stitch steps whose lease expired likewise. Any worker may run it.
    /// Returns how many were rescued.
    func rescueExpired(_ params: RescueParams) throws(QueueError) -> Int
}

extension SegmentWork {
    /// Extends a lease without reporting progress.
    public func segmentHeartbeat(_ lease: Lease, leaseDuration: Duration) throws(QueueError) -> HeartbeatResult {
        try segmentHeartbeat(lease, leaseDuration: leaseDuration, progressFrames: nil)
    }
}
