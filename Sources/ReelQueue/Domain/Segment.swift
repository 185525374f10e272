import Foundation
import ReelModel

/// A segment as stored.
public struct Segment: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var jobID: Int64
    public var index: Int
    public var frames: Range<Int64>
    public var samples: Range<Int64>
    public var contentHash: String
    public var state: SegmentState
    public var priority: Int
    /// Attempts started so far (a drained attempt is given back).
    public var attempt: Int
    public var maxAttempts: Int
    /// The worker holding (or that last held) the lease.
    public var leasedBy: String?
    public var leaseExpiresAt: Date?
    /// Not claimable before this instant (backoff).
    public var scheduledAt: Date
    /// One entry per failed attempt, oldest first.
    public var errors: [AttemptError]
    /// Where the finished part lies.
    public var partLocation: String?
    /// The segment whose part this one reuses (same content hash, earlier job).
    public var reusedFrom: Int64?
    /// How the part was rendered (absent for reused parts).
    public var stats: RenderStats?
    public var finishedAt: Date?
    /// Frames the running attempt has rendered so far (its heartbeats report them; reset at each claim).
    public var progressFrames: Int64 = 0
    /// When the latest attempt was claimed.
    public var claimedAt: Date?
    /// The latest claim's latency: from the moment the segment became claimable to its claim.
    public var claimWait: Duration?

    /// Frames per second of the running attempt so far (`progressFrames` over the time since its claim);
    /// nil unless it runs, has reported a frame, and time has passed.
    public func liveFramesPerSecond(now: Date) -> Double? {
        guard state == .running, progressFrames > 0, let claimedAt, now > claimedAt else { return nil }
        return Double(progressFrames) / now.timeIntervalSince(claimedAt)
    }
}

/// Why one attempt failed.
public struct AttemptError: Sendable, Hashable {
    public var attempt: Int
    public var message: String
    public var workerID: String?
    public var at: Date
    /// What failed, for counting: see `AttemptError.Kind`; "unknown" for errors recorded before kinds were.
    public var kind: String

    public init(attempt: Int, message: String, workerID: String?, at: Date, kind: String = Kind.unknown) {
        self.attempt = attempt; self.message = message; self.workerID = workerID; self.at = at; self.kind = kind
    }

    /// The failure kinds the queue and the worker record (`segments.errors[].kind`, `QueueMetrics.failuresByKind`).
    public enum Kind {
        /// The input is at fault (a missing source, an invalid composition): no retry can help.
        public static let input = "input"
        /// The render failed (a decoder or encoder error, a full disk…): retried.
        public static let render = "render"
        /// The worker stopped heartbeating; the rescue sweep took the segment back.
        public static let leaseExpired = "lease_expired"
        /// The render stopped advancing or ran past its deadline; its worker gave it back.
        public static let stall = "stall"
        /// The stitcher found the part missing or invalid and sent the segment back.
        public static let partMissing = "part_missing"
        /// A stitch step failed its job (`jobFail`, or its stitch attempts ran out): counted per failed job in
        /// `QueueMetrics.failuresByKind`, not an attempt error of a segment.
        public static let stitch = "stitch"
        /// Recorded before failure kinds existed.
        public static let unknown = "unknown"
    }
}

/// How a part was rendered.
public struct RenderStats: Sendable, Hashable {
    /// Frames written.
    public var frames: Int64
    /// Wall time spent rendering them.
    public var duration: Duration

    public init(frames: Int64, duration: Duration) {
        self.frames = frames
        self.duration = duration
    }

    /// Frames per second (a measurement for people), nil for a zero duration.
    public var framesPerSecond: Double? {
        duration > .zero ? Double(frames) / duration.secondsDouble : nil
    }
}
