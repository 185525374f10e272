import Foundation
import ReelQueue
import ReelMedia
import Synchronization

/// One worker process's threads, from start to an `Outcome`: the render slots (`Worker.run`), the rolling
/// stitcher (`Worker.runStitcher`), presence (registry heartbeats) and registration with one `Backoff`,
/// drain and abort through its `StopSignal`, and the decision that a stuck render thread ends the run.
///
/// `reel worker` runs one on PostgreSQL and maps its outcome to an exit status; `LocalRender` runs one on
/// its embedded queue, without registration or presence. `run` blocks: call it on a thread that may wait.
public final class WorkerHost: Sendable {
    /// How a run ended.
    public enum Outcome: Sendable {
        /// Every thread returned on its own: after a drain or, with `exitWhenIdle`, once no job was left.
        case drained
        /// Every thread returned after an abort (their segments went back to the queue).
        case aborted
        /// A render thread is blocked and will not return (`WorkerEvent.stuck`); the other threads may still
        /// run. Its segment is already back in the queue; only a new process gets the thread back.
        case stuck(jobID: Int64, segment: Int, message: String)
        /// Registration failed and the stop signal drained while it waited to retry.
        case failed(any Error)
    }

    public let queue: any WorkerQueue
    /// One configuration per render slot, each with its own worker id.
    public let slots: [WorkerConfiguration]
    /// The rolling stitcher's configuration (it claims as `workerID-stitch`); nil runs none.
    public let stitcher: WorkerConfiguration?
    /// Nil: the slots are not registered and no presence thread runs (an embedded queue).
    public let registration: Registration?
    let projects: ProjectCache
    let stop: StopSignal
    let hooks: Hooks
    let presence: WorkerPresence?
    /// Added to the render slots' nice value (0: as the process); the stitcher and presence keep the process's.
    public let renderNiceness: Int
    private let stuck = Mutex<(jobID: Int64, segment: Int, message: String)?>(nil)

    /// - Parameters:
    ///   - slots: at least one; the first one's heartbeat interval paces presence.
    ///   - stop: the signal `drain()` and `abort()` set; the caller may set it too (a signal handler).
    ///   - renderNiceness: added to the render slots' nice value (`reel worker --render-nice`), so the rolling
    ///     stitcher's thread is scheduled first when the cores are busy.
    public init(queue: any WorkerQueue, slots: [WorkerConfiguration], stitcher: WorkerConfiguration?,
                projects: ProjectCache, stop: StopSignal, registration: Registration?, hooks: Hooks = Hooks(),
                renderNiceness: Int = 0) {
        precondition(!slots.isEmpty, "a worker host needs at least one slot")
        self.queue = queue
        self.slots = slots
        self.stitcher = stitcher
        self.projects = projects
        self.stop = stop
        self.registration = registration
        self.hooks = hooks
        self.renderNiceness = renderNiceness
        presence = registration == nil ? nil : WorkerPresence(queue: queue, interval: slots[0].heartbeatInterval)
    }

    /// How many slots are rendering a segment now (always 0 without presence).
    public var busySlots: Int { presence?.busySlots ?? 0 }

    /// No thread claims new work; each finishes the segment it renders. Registered slots show as draining.
    public func drain() {
        stop.drain()
        guard registration != nil else { return }
        for slot in slots { try? queue.workerSetState(slot.workerID, .draining) }
    }

    /// Work in progress stops at the next frame and its segments go back to the queue.
    public func abort() { stop.abort() }

    /// Registers each slot (retrying with the registration's backoff) and starts its thread, then the
    /// stitcher and presence; waits for every thread. A drained or aborted run sends a last heartbeat and
    /// marks its slots stopped; a stuck one returns at once and leaves them as they are.
    public func run() -> Outcome {
        AllocatorTuning.ensure()   // before any of its threads allocates (glibc's heaps)
        DecoderThreads.set(renderSlots: slots.count)
        let done = DispatchGroup()
        for (index, configuration) in slots.enumerated() {
            if let registration {
                do { try register(configuration, registration) } catch { return .failed(error) }
            }
            let worker = Worker(queue: queue, configuration: configuration, projects: projects,
                                events: forward(configuration.workerID, observed: true))
            let niceness = renderNiceness, hooks = self.hooks
            start(in: done) {
                if let refused = ThreadPriority.enter(name: "reel-slot-\(index)", niceness: niceness) {
                    hooks.event(configuration.workerID, .priorityRefused(message: refused))
                }
                worker.run(stop: self.stop)
            }
        }
        if let stitcher {
            let worker = Worker(queue: queue, configuration: stitcher, projects: projects,
                                events: forward(stitcher.workerID + "-stitch", observed: false))
            start(in: done) {
                ThreadPriority.enter(name: "reel-stitch", niceness: 0)
                worker.runStitcher(stop: self.stop)
            }
        }
        presence?.start()
        hooks.started()
        let outcome = wait(for: done)
        if case .stuck = outcome { return outcome }
        if let presence {
            presence.stop()
            presence.beatAll()
            for slot in slots { try? queue.workerSetState(slot.workerID, .stopped) }
        }
        return outcome
    }

    /// A thread's event handler: presence (for slots), the hook, then the stuck decision, in that order so
    /// the hook has reported the stuck thread before `run` returns.
    func forward(_ threadID: String, observed: Bool) -> @Sendable (WorkerEvent) -> Void {
        let seen = observed ? presence?.observe(threadID) : nil
        return { [self] event in
            seen?(event)
            hooks.event(threadID, event)
            if case let .stuck(jobID, segment, message) = event {
                stuck.withLock { $0 = $0 ?? (jobID, segment, message) }
            }
        }
    }

    func start(in done: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        done.enter()
        Thread { body(); done.leave() }.start()
    }

    /// Waits for the threads, or for a stuck one, which never returns; tells the hook once of an abort.
    func wait(for done: DispatchGroup) -> Outcome {
        var abortSeen = false
        while done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            if let outcome = stuckOutcome { return outcome }
            if stop.isAborted && !abortSeen {
                abortSeen = true
                hooks.aborted()
            }
        }
        // Threads that end within one wait of the abort (or while this thread was not scheduled) leave the loop
        // before it looked: the hook is still told, once.
        if let outcome = stuckOutcome { return outcome }
        if stop.isAborted && !abortSeen { hooks.aborted() }
        return stop.isAborted ? .aborted : .drained
    }

    var stuckOutcome: Outcome? {
        stuck.withLock { $0 }.map { .stuck(jobID: $0.jobID, segment: $0.segment, message: $0.message) }
    }
}
