import Foundation
import ReelModel

/// What a worker last said of itself (`workers.state`). Set by the worker: `running` when it registers,
/// `draining` on its first SIGTERM, `stopped` when it exits cleanly. A worker that dies says nothing; it
/// shows as gone once its heartbeats stop (`WorkerInfo.status`), and the rescue sweep removes it later.
public enum WorkerRunState: String, CaseIterable, Sendable, Hashable {
    case running, draining, stopped
}

extension WorkerInfo {
    /// For people: working, idle, draining, stopped, or gone (no heartbeat for `goneAfter`).
    public func status(now: Date, goneAfter: Duration) -> String {
        if state == .stopped { return "stopped" }
        if now.timeIntervalSince(lastSeenAt) > goneAfter.secondsDouble { return "gone" }
        if state == .draining { return "draining" }
        return currentSegmentID == nil ? "idle" : "working"
    }
}
