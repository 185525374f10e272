import Foundation
import ReelModel
import ReelQueue
import ReelRender
import Synchronization

/// The worker loop, the same for the farm (`reel worker`, PostgreSQL) and for `reel render`
/// (in-process threads on the embedded queue):
///
///     loop: rescue sweep (every rescueInterval)
///           claim a segment ─► render it (heartbeating) ─► complete, fenced by the lease token
///           else claim a stitch step ─► stitch, verify the seams, publish ─► complete the job
///           else wait for a wake-up (NOTIFY) or the poll interval
///
/// A failure records its error and retries with backoff up to the segment's max attempts. A lost lease
/// or a canceled job stops the render at the next frame; the output is never committed.
/// Call `run` on a dedicated thread: queue and render calls block.
public final class Worker: Sendable {
    public let queue: any WorkerQueue
    public let configuration: WorkerConfiguration
    let projects: ProjectCache
    let events: @Sendable (WorkerEvent) -> Void
    /// Seconds per rendered frame, measured on this worker (nil until a segment was rendered).
    let cost = Mutex<Double?>(nil)

    public init(queue: any WorkerQueue, configuration: WorkerConfiguration, projects: ProjectCache,
                events: @escaping @Sendable (WorkerEvent) -> Void = { _ in }) {
        self.queue = queue
        self.configuration = configuration
        self.projects = projects
        self.events = events
    }

    /// Runs until `stop` drains or aborts (or, with `exitWhenIdle`, until no job is active).
    /// Queue errors (a lost database connection) are reported and retried with backoff, never fatal.
    public func run(stop: StopSignal) {
        var renderers = RendererCache()
        var waiter: (any QueueWaiter)?
        var lastRescue = ContinuousClock.now - configuration.rescueInterval
        var failures = 0
        while !stop.isDraining {
            do throws(QueueError) {
                if ContinuousClock.now - lastRescue >= configuration.rescueInterval {
                    lastRescue = .now
                    let rescued = try queue.rescueExpired(RescueParams(backoff: configuration.backoff))
                    if rescued > 0 { events(.rescued(count: rescued)) }
                    _ = try queue.workerPrune(olderThan: configuration.workerRetention)
                }
                if try step(stop: stop, renderers: &renderers) { failures = 0; continue }
                if try idleExit() { return }
                if waiter == nil { waiter = try queue.wakeupListen() }
                _ = try waiter?.wait(timeout: configuration.pollInterval)
                failures = 0
            } catch {
                failures += 1
                waiter = nil
                queueFailed(error, failures: failures)
            }
        }
    }

    /// One unit of work: a segment or a stitch. False when there was none.
    func step(stop: StopSignal, renderers: inout RendererCache) throws(QueueError) -> Bool {
        let claim = SegmentClaimParams(workerID: configuration.workerID, limit: 1,
                                       leaseDuration: configuration.leaseDuration, tags: configuration.tags)
        if let claimed = try queue.segmentClaim(claim).first {
            try process(claimed, stop: stop, renderers: &renderers)
            return true
        }
        let stitch = StitchClaimParams(workerID: configuration.workerID, leaseDuration: configuration.leaseDuration,
                                       tags: configuration.tags)
        if let claimed = try queue.stitchClaim(stitch) {
            try self.stitch(claimed, stop: stop)
            return true
        }
        return false
    }
}

extension Worker {
    /// The rolling stitcher's loop, on its own thread beside the render slots (one per process): claims the
    /// stitch of a job whose first segment is done (or, with `stitchFromFirstClaim`, claimed) while the rest still
    /// renders, and appends parts as they finish (`stitch(_:stop:)`). It uses little CPU (the audio encode and a packet copy), so it takes no
    /// render slot. Runs until `stop` drains (a stitch in progress is released to another worker) or, with
    /// `exitWhenIdle`, until no job is active. Queue errors are reported and retried with backoff.
    public func runStitcher(stop: StopSignal) {
        var failures = 0
        while !stop.isDraining {
            do throws(QueueError) {
                let params = StitchClaimParams(workerID: configuration.workerID + "-stitch",
                                               leaseDuration: configuration.leaseDuration, tags: configuration.tags,
                                               rolling: true, fromFirstClaim: configuration.stitchFromFirstClaim)
                if let claimed = try queue.stitchClaim(params) {
                    // A released stitch (parts requeued, the project not loadable yet) waits before claiming again.
                    if try !stitch(claimed, stop: stop) { stop.pause(configuration.backoff.base) }
                } else {
                    if try idleExit() { return }
                    Thread.sleep(forTimeInterval: configuration.stitchPollInterval.secondsDouble)
                }
                failures = 0
            } catch {
                failures += 1
                queueFailed(error, failures: failures)
            }
        }
    }
}

extension Worker {
    /// With `exitWhenIdle`: true once no job is active any more.
    func idleExit() throws(QueueError) -> Bool {
        guard configuration.exitWhenIdle else { return false }
        return try queue.jobList(JobListParams(states: [.queued, .running, .stitching], limit: 1)).isEmpty
    }

    /// The wait after the nth queue error in a row: 1 s, 2 s, … up to 30 s.
    static let queueBackoff = Backoff(base: .seconds(1), cap: .seconds(30))

    /// Reports a queue error (a lost database connection) and backs off (`queueBackoff`).
    func queueFailed(_ error: QueueError, failures: Int) {
        events(.queueError(error))
        Thread.sleep(forTimeInterval: Self.queueBackoff.delay(afterAttempt: failures).secondsDouble)
    }
}

/// One `SegmentRenderer` per job on one worker thread (decoders, fonts and title images stay warm).
struct RendererCache {
    private var renderers: [Int64: SegmentRenderer] = [:]

    mutating func renderer(for jobID: Int64, project: Project, store: PartStore) -> SegmentRenderer {
        if let renderer = renderers[jobID] { return renderer }
        if renderers.count >= 4 { renderers.removeAll() }
        let renderer = SegmentRenderer(plan: project.plan, store: store, rules: project.inputs)
        renderers[jobID] = renderer
        return renderer
    }

    mutating func remove(_ jobID: Int64) { renderers[jobID] = nil }
}
