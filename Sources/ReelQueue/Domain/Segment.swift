import Foundation

/// A segment as stored.
public struct Segment: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var jobID: Int64
    public var index: Int
    public var frames: Range<Int64>
    public var samples: Range<Int64>
    public var contentHash: String
    public var payload: Data
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
}

/// Why one attempt failed.
public struct AttemptError: Sendable, Hashable {
    public var attempt: Int
    public var message: String
    public var workerID: String?
    public var at: Date

    public init(attempt: Int, message: String, workerID: String?, at: Date) {
        self.attempt = attempt; self.message = message; self.workerID = workerID; self.at = at
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
