import Foundation

/// Proof that a worker holds one attempt of one segment. Every write about that attempt is fenced by `token`.
public struct Lease: Sendable, Hashable {
    public var segmentID: Int64
    public var jobID: Int64
    public var attempt: Int
    public var token: UUID

    public init(segmentID: Int64, jobID: Int64, attempt: Int, token: UUID) {
        self.segmentID = segmentID; self.jobID = jobID; self.attempt = attempt; self.token = token
    }
}

/// A claimed segment: its lease and everything needed to render it.
public struct ClaimedSegment: Sendable, Hashable {
    public var lease: Lease
    public var segment: Segment
}

/// What a heartbeat learns.
public enum HeartbeatResult: String, Sendable, Hashable {
    /// The lease is held and was extended.
    case ok
    /// The job was canceled (or failed): stop at the next frame boundary and discard the output.
    case canceled
    /// The lease is gone (expired and rescued, or retried): stop and discard the output.
    case lost
}

/// What `segmentFail` did.
public enum SegmentFailResult: Sendable, Hashable {
    /// Requeued; claimable from `at`.
    case retrying(at: Date)
    /// Out of attempts: the segment and its job failed with `reason`.
    case failed(reason: String)
    /// The lease was already lost; nothing was written.
    case fencedOut
}

/// Proof that a worker holds the stitch step of one job.
public struct StitchLease: Sendable, Hashable {
    public var jobID: Int64
    public var attempt: Int
    public var token: UUID

    public init(jobID: Int64, attempt: Int, token: UUID) {
        self.jobID = jobID; self.attempt = attempt; self.token = token
    }
}

/// A claimed stitch step: the lease, the job, and its done segments in index order.
public struct StitchClaim: Sendable, Hashable {
    public var lease: StitchLease
    public var job: Job
    public var segments: [Segment]
}
