import Foundation

/// A registered worker, for monitoring.
public struct WorkerInfo: Sendable, Hashable, Identifiable {
    public var id: String
    public var host: String
    public var pid: Int
    public var version: String
    public var tags: [String]
    public var startedAt: Date
    public var lastSeenAt: Date
    /// The segment it is rendering now, if any.
    public var currentSegmentID: Int64?
    /// Frames per second it reported in its last heartbeat.
    public var recentFramesPerSecond: Double?
    /// Segments it completed (all time).
    public var segmentsDone: Int
    /// What it last said of itself.
    public var state: WorkerRunState = .running
}
