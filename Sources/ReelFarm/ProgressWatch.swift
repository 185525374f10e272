import Foundation
import Synchronization

/// What a render thread last did, for its `LeaseKeeper`: a lease is renewed only while work advances.
///
/// The render thread calls `advance(framesDone:)` after every frame and `reading(_:)` when it opens a file; both are
/// memory writes, never a database call. The keeper asks `stuck(worker:)` before every heartbeat. A render
/// counts as stuck when no frame finished for `stallLimit` (a hung NFS read, a source that blocks, a decoder
/// that loops) or when it runs past its deadline (`deadline(frames:secondsPerFrame:…)`).
final class ProgressWatch: Sendable {
    let stallLimit: Duration
    let deadline: Duration
    private let started = ContinuousClock.now
    /// Nanoseconds after `started` of the last finished frame (0: none yet, counted from the start).
    private let lastNanos = Atomic<Int64>(0)
    private let file = Mutex<String?>(nil)
    private let done = Atomic<Int64>(0)

    init(stallLimit: Duration, deadline: Duration) {
        self.stallLimit = stallLimit
        self.deadline = deadline
    }

    /// A segment's deadline: the stall limit plus `factor` times the frames at the measured cost per frame.
    static func deadline(frames: Int64, secondsPerFrame: Double, factor: Double, stallLimit: Duration) -> Duration {
        let seconds = min(Double(frames) * max(secondsPerFrame, 0.01) * factor, 7 * 86_400)
        return stallLimit + .milliseconds(Int64(seconds * 1000))
    }

    /// A frame finished; `framesDone` frames of the segment are rendered now.
    func advance(framesDone: Int64) {
        lastNanos.store(Self.nanos(started.duration(to: .now)), ordering: .relaxed)
        done.store(framesDone, ordering: .relaxed)
    }

    /// Frames rendered so far, for the heartbeat (`SegmentQueue.segmentHeartbeat(_:leaseDuration:progressFrames:)`).
    var framesDone: Int64 { done.load(ordering: .relaxed) }

    func reading(_ path: String) { file.withLock { $0 = path } }

    /// Why the render counts as stuck now, or nil while it advances: "no progress for 120 s (worker w, file f)".
    func stuck(worker: String) -> String? {
        let elapsed = started.duration(to: .now)
        let idle = elapsed - .nanoseconds(lastNanos.load(ordering: .relaxed))
        guard idle >= stallLimit || elapsed >= deadline else { return nil }   // the common case, every 50 ms
        let place = "worker \(worker)" + (file.withLock { $0 }.map { ", file \($0)" } ?? "")
        if idle >= stallLimit { return "no progress for \(idle.components.seconds) s (\(place))" }
        return "still rendering after \(elapsed.components.seconds) s, past its deadline of "
            + "\(deadline.components.seconds) s (\(place))"
    }

    static func nanos(_ d: Duration) -> Int64 { d.components.seconds * 1_000_000_000 + d.components.attoseconds / 1_000_000_000 }
}
