import Foundation

/// The recent rendering rate of a job, computed alike by both drivers (the PostgreSQL driver in SQL:
/// `SegmentSQL.windowFrames`).
///
/// The window is the last `window` (60 s) of the job's life: ending now for an active job, at `finishedAt`
/// for a finished one. Each segment contributes the frames it rendered inside the window, assuming it
/// rendered at an even pace:
/// - a done, rendered segment (not reused) its `stats.frames` times the share of its render interval
///   `[finishedAt − stats.duration, finishedAt]` inside the window (all of them when the duration is zero
///   and it finished inside the window);
/// - a running segment (active jobs only) its `progressFrames` times the share of `[claimedAt, end]`
///   inside the window.
///
/// The rate is those frames over the window's length, shortened to `end − startedAt` when the job started
/// less than a window before; nil when no frame falls inside the window.
public enum RecentRate {
    /// The length of the window.
    public static let window: Duration = .seconds(60)

    /// The frames a done segment rendered inside the window ending at `end`.
    static func doneFrames(_ frames: Int64, finishedAt: Date, renderDuration: Duration, end: Date) -> Double {
        let f = finishedAt.microsecondsSince1970, e = end.microsecondsSince1970, r = renderDuration.microseconds
        let start = e - window.microseconds
        guard frames > 0, f > start, f <= e else { return 0 }
        guard r > 0 else { return Double(frames) }
        return Double(frames) * Double(f - max(f - r, start)) / Double(r)
    }

    /// The frames a running segment rendered inside the window ending at `end`.
    static func runningFrames(_ progress: Int64, claimedAt: Date?, end: Date) -> Double {
        guard progress > 0 else { return 0 }
        let e = end.microsecondsSince1970, start = e - window.microseconds
        guard let c = claimedAt?.microsecondsSince1970, e > c else { return Double(progress) }
        return Double(progress) * Double(e - max(c, start)) / Double(e - c)
    }

    /// The frames a segment contributes to its job's window ending at `end` (`active`: the job is active).
    static func frames(of s: Segment, jobActive active: Bool, end: Date) -> Double {
        switch s.state {
        case .done:
            guard s.reusedFrom == nil, let stats = s.stats, let finished = s.finishedAt else { return 0 }
            return doneFrames(stats.frames, finishedAt: finished, renderDuration: stats.duration, end: end)
        case .running:
            return active ? runningFrames(s.progressFrames, claimedAt: s.claimedAt, end: end) : 0
        default:
            return 0
        }
    }

    /// Frames per second over the window; nil without frames or without a positive window.
    static func framesPerSecond(windowFrames: Double, startedAt: Date?, end: Date) -> Double? {
        guard windowFrames > 0, let startedAt else { return nil }
        let since = end.microsecondsSince1970 - startedAt.microsecondsSince1970
        let length = min(window.microseconds, since)
        guard length > 0 else { return nil }
        return windowFrames / (Double(length) / 1_000_000)
    }
}
