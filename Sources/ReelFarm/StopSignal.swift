import Foundation
import Synchronization

/// Tells workers to stop. `drain()` lets the current segment finish, then exits (first SIGTERM);
/// `abort()` stops at the next frame and releases the segment (second signal, or Ctrl-C).
public final class StopSignal: Sendable {
    private let state = Atomic<Int>(0)

    public init() {}

    public func drain() { _ = state.compareExchange(expected: 0, desired: 1, ordering: .relaxed) }
    public func abort() { state.store(2, ordering: .relaxed) }

    /// No new work should be claimed.
    public var isDraining: Bool { state.load(ordering: .relaxed) >= 1 }
    /// Work in progress should stop now.
    public var isAborted: Bool { state.load(ordering: .relaxed) >= 2 }

    /// Sleeps up to `duration`, in short naps, so that a drain (SIGTERM) ends the wait at once.
    public func pause(_ duration: Duration) {
        let until = ContinuousClock.now + duration
        while ContinuousClock.now < until && !isDraining { Thread.sleep(forTimeInterval: 0.05) }
    }
}
