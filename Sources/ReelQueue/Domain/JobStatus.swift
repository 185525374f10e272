import Foundation

/// A snapshot of one job for `reel status`.
public struct JobStatus: Sendable, Hashable {
    public var job: Job
    /// Segment counts, every state present (zero when none).
    public var segmentsByState: [SegmentState: Int]
    /// Frames in done segments (rendered or reused).
    public var framesDone: Int64
    /// Frames rendered by this job (reused parts excluded).
    public var framesRendered: Int64
    /// Rendered frames per wall-clock second since the job started; nil before any frame.
    public var framesPerSecond: Double?
    /// Remaining frames at that rate; nil when unknown.
    public var eta: Duration?
    /// Every failed attempt, oldest first.
    public var failures: [SegmentFailure]
    /// The instant the snapshot was taken.
    public var at: Date

    /// Frames still to render.
    public var framesRemaining: Int64 { job.frameCount - framesDone }
}

/// One failed attempt of one segment, readable as "segment 3, attempt 3: <message>".
public struct SegmentFailure: Sendable, Hashable, CustomStringConvertible {
    public var segmentIndex: Int
    public var attempt: Int
    public var message: String
    public var workerID: String?
    public var at: Date

    public var description: String { "segment \(segmentIndex), attempt \(attempt): \(message)" }
}

extension JobStatus {
    /// Builds the derived numbers (fps, ETA) from counts.
    static func make(job: Job, counts: [SegmentState: Int], framesDone: Int64, framesRendered: Int64,
                     failures: [SegmentFailure], now: Date) -> JobStatus {
        var all = [SegmentState: Int]()
        for s in SegmentState.allCases { all[s] = counts[s] ?? 0 }
        var fps: Double?
        var eta: Duration?
        if let started = job.startedAt, framesRendered > 0, now > started {
            let rate = Double(framesRendered) / now.timeIntervalSince(started)
            fps = rate
            let remaining = Double(job.frameCount - framesDone)
            eta = .microseconds(Int64((remaining / rate * 1_000_000).rounded()))
        }
        return JobStatus(job: job, segmentsByState: all, framesDone: framesDone, framesRendered: framesRendered,
                         framesPerSecond: fps, eta: eta, failures: failures, at: now)
    }
}
