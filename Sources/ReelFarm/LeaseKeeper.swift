import Foundation
import ReelQueue
import Synchronization

/// Heartbeats a lease (a segment's or a stitch step's) on its own thread; `interrupted` turns true when the
/// job was canceled, the lease was lost, or the work stopped advancing, which stops the render at the next
/// frame.
///
/// **Leases follow progress.** With a `ProgressWatch`, the keeper renews the lease only while the render
/// advances. Once the watch says it is stuck, the keeper stops renewing, calls `onStall` with the reason (the
/// worker fails the attempt, fenced, so the segment goes back to the queue at once, its error recorded), and
/// waits `grace` for the render thread to notice. A thread that never returns (blocked in a read) is reported
/// to `onStuck`: only a new process can take that slot back.
final class LeaseKeeper: Sendable {
    let interval: Duration
    let beat: @Sendable () throws -> HeartbeatResult
    let watch: ProgressWatch?
    let watcher: String
    let grace: Duration
    let onStall: @Sendable (String) -> Void
    let onStuck: @Sendable (String) -> Void
    private let flags = Atomic<Int>(0)   // bit 0: stop, bit 1: interrupted, bit 2: stalled, bit 3: canceled

    init(interval: Duration, watch: ProgressWatch? = nil, watcher: String = "", grace: Duration = .seconds(10),
         onStall: @escaping @Sendable (String) -> Void = { _ in }, onStuck: @escaping @Sendable (String) -> Void = { _ in },
         beat: @escaping @Sendable () throws -> HeartbeatResult) {
        self.interval = interval
        self.beat = beat
        self.watch = watch
        self.watcher = watcher
        self.grace = grace
        self.onStall = onStall
        self.onStuck = onStuck
    }

    /// Keeps a stitch lease.
    convenience init(queue: any StitchWork, stitch lease: StitchLease, configuration: WorkerConfiguration) {
        self.init(interval: configuration.heartbeatInterval) {
            try queue.stitchHeartbeat(lease, leaseDuration: configuration.leaseDuration)
        }
    }

    var interrupted: Bool { flags.load(ordering: .relaxed) & 2 != 0 }
    /// The interruption was the job's cancellation (not a lost lease).
    var canceled: Bool { flags.load(ordering: .relaxed) & 8 != 0 }
    /// The render stopped advancing (and its attempt was failed).
    var stalled: Bool { flags.load(ordering: .relaxed) & 4 != 0 }
    private var stopped: Bool { flags.load(ordering: .relaxed) & 1 != 0 }

    /// A failed heartbeat call (the database unreachable for a moment) is retried at the next beat;
    /// only an answer of canceled or lost interrupts.
    func start() {
        let thread = Thread { [self] in
            var next = ContinuousClock.now + interval
            while !stopped {
                Thread.sleep(forTimeInterval: 0.05)
                if let reason = watch?.stuck(worker: watcher) { return giveUp(reason) }
                guard ContinuousClock.now >= next else { continue }
                next = .now + interval
                if let result = try? beat(), result != .ok {
                    flags.bitwiseOr(result == .canceled ? 10 : 2, ordering: .relaxed)
                    return
                }
            }
        }
        thread.start()
    }

    /// Stops renewing, fails the attempt through `onStall`, and reports a thread that does not come back.
    private func giveUp(_ reason: String) {
        flags.bitwiseOr(6, ordering: .relaxed)
        onStall(reason)
        let deadline = ContinuousClock.now + grace
        while !stopped && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if !stopped { onStuck(reason) }
    }

    func stop() { flags.bitwiseOr(1, ordering: .relaxed) }
}
