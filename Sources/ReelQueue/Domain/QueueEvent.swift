import Foundation

/// One state change, from the event log.
public struct QueueEvent: Sendable, Hashable, Identifiable {
    /// What changed.
    public enum Change: Sendable, Hashable {
        /// The job moved (`from` is nil when it was created).
        case job(from: JobState?, to: JobState)
        /// A segment moved (`from` is nil when it was created in that state).
        case segment(index: Int, from: SegmentState?, to: SegmentState)
    }

    public var id: Int64
    public var jobID: Int64
    public var change: Change
    /// The worker involved, if any.
    public var workerID: String?
    /// An error message or reason, if any.
    public var message: String?
    public var at: Date
}
