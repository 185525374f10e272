import Foundation
import ReelQueue
import Synchronization

/// Keeps a worker process's rows in the registry alive on a timer of their own, so an idle worker stays
/// visibly alive and a render thread never waits on the database for telemetry.
///
/// Worker events (from render threads) only update an in-memory snapshot per slot (`observe`); the
/// presence thread sends one `workerHeartbeat` per slot every `interval`, carrying the current segment, the
/// recent frame rate and the segments finished since the last beat. A failed beat (database away) keeps
/// the pending count for the next one.
public final class WorkerPresence: Sendable {
    struct Slot: Sendable {
        var segmentID: Int64?
        var framesPerSecond: Double?
        var doneSinceBeat = 0
    }

    let queue: any WorkerRegistry
    let interval: Duration
    private let slots = Mutex<[String: Slot]>([:])
    private let stopped = Atomic<Bool>(false)

    public init(queue: any WorkerRegistry, interval: Duration) {
        self.queue = queue
        self.interval = interval
    }

    /// The event handler for slot `workerID`: memory only, safe on a render thread.
    public func observe(_ workerID: String) -> @Sendable (WorkerEvent) -> Void {
        slots.withLock { $0[workerID] = Slot() }
        return { [self] event in
            slots.withLock { all in
                var slot = all[workerID] ?? Slot()
                switch event {
                case let .claimed(_, _, segmentID, _): slot.segmentID = segmentID
                case let .segmentDone(_, _, frames, reused, seconds):
                    slot.segmentID = nil
                    slot.doneSinceBeat += 1
                    if !reused, seconds > 0 { slot.framesPerSecond = Double(frames) / seconds }
                case .segmentFailed, .leaseLost, .released, .stuck, .canceled: slot.segmentID = nil
                default: break
                }
                all[workerID] = slot
            }
        }
    }

    /// How many slots are rendering a segment now.
    public var busySlots: Int { slots.withLock { $0.values.filter { $0.segmentID != nil }.count } }

    /// Starts the presence thread; it beats until `stop()`.
    public func start() {
        Thread { [self] in
            var next = ContinuousClock.now
            while !stopped.load(ordering: .relaxed) {
                if ContinuousClock.now >= next {
                    beatAll()
                    next = .now + interval
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }.start()
    }

    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// One heartbeat per slot, now (also used once more when the worker drains).
    public func beatAll() {
        for (id, slot) in slots.withLock({ $0 }) {
            let sent = (try? queue.workerHeartbeat(WorkerHeartbeatParams(
                workerID: id, currentSegmentID: slot.segmentID, recentFramesPerSecond: slot.framesPerSecond,
                segmentsDoneDelta: slot.doneSinceBeat))) != nil
            if sent { slots.withLock { $0[id]?.doneSinceBeat -= slot.doneSinceBeat } }
        }
    }
}
