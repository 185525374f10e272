import Foundation
import ReelPlan
import ReelQueue
import ReelRender
import Synchronization

/// `reel render`: the farm's pipeline in one process. The project's segments go into an embedded
/// `InMemorySegmentQueue`; `workers` threads run the same `Worker` loop as `reel worker`, and one more
/// thread the rolling stitcher, which appends parts as the done prefix grows. Parts already in the store
/// are reused, so a second run resumes.
public struct LocalRender: Sendable {
    public struct Options: Sendable {
        public var workers: Int
        public var store: PartStore
        public var output: String
        /// Render only the segments that overlap these frames (the output covers whole segments).
        public var frames: Range<Int64>?
        /// A rolling stitcher thread appends parts while segments render (`--stitch rolling`, the default);
        /// false stitches in one pass after the last segment (`--stitch end`).
        public var rollingStitch: Bool

        public init(workers: Int, store: PartStore, output: String, frames: Range<Int64>? = nil,
                    rollingStitch: Bool = true) {
            self.workers = workers
            self.store = store
            self.output = output
            self.frames = frames
            self.rollingStitch = rollingStitch
        }
    }

    /// The outcome of a render.
    public struct Outcome: Sendable {
        public var report: StitchReport
        public var segmentsRendered: Int
        public var segmentsReused: Int
        public var seconds: Double
        /// From the last segment done to the output published (`JobStatus.stitchTail`), in seconds.
        public var stitchTailSeconds: Double?
    }

    public let project: Project
    public let options: Options

    public init(project: Project, options: Options) {
        self.project = project
        self.options = options
    }

    /// The segments this render covers, in order.
    public var segments: [SegmentPlan] {
        guard let frames = options.frames else { return project.plan.segments }
        return project.plan.segments.filter { $0.frames.overlaps(frames) }
    }

    /// Renders and stitches; blocks until done.
    /// - Parameters:
    ///   - stop: abort it (Ctrl-C): workers stop at the next frame, nothing is published.
    ///   - events: every worker event, from worker threads.
    /// - Throws: `FarmError.jobFailed` with the failing segment's message, or `.cancelled`.
    public func run(stop: StopSignal, events: @escaping @Sendable (WorkerEvent) -> Void) throws -> Outcome {
        let started = ContinuousClock.now
        let queue = InMemorySegmentQueue()
        let projects = ProjectCache()
        let job = try queue.jobInsert(JobInsertParams(spec: try jobSpec(), reuseParts: true, partIsValid: { _ in false }))
        projects.insert(project, for: job.jobID)
        let outcome = Mutex<(stitched: StitchReport?, failure: String?, rendered: Int, reused: Int)>((nil, nil, 0, 0))
        let stuck = Atomic<Bool>(false)
        let record: @Sendable (WorkerEvent) -> Void = { event in
            outcome.withLock { o in
                switch event {
                case .stitched(_, _, let report): o.stitched = report
                case .stitchFailed(_, let message): o.failure = message
                case .segmentDone(_, _, _, let reused, _): if reused { o.reused += 1 } else { o.rendered += 1 }
                case let .segmentFailed(_, segment, attempt, message, willRetry) where !willRetry:
                    o.failure = "segment \(segment), attempt \(attempt): \(message)"
                case let .stuck(_, segment, message):
                    o.failure = "segment \(segment): \(message); its render thread is blocked, so the render stops"
                    stuck.store(true, ordering: .relaxed)
                default: break
                }
            }
            events(event)
        }
        let done = DispatchGroup()
        for n in 0..<max(1, options.workers) {
            let worker = Worker(queue: queue, configuration: workerConfiguration("local-\(n)"), projects: projects,
                                events: record)
            done.enter()
            Thread { worker.run(stop: stop); done.leave() }.start()
        }
        if options.rollingStitch {
            let stitcher = Worker(queue: queue, configuration: workerConfiguration("local"), projects: projects,
                                  events: record)
            done.enter()
            Thread { stitcher.runStitcher(stop: stop); done.leave() }.start()
        }
        try waitForJob(job.jobID, queue: queue, stop: stop, done: done, stuck: stuck)
        let final = outcome.withLock { $0 }
        if stuck.load(ordering: .relaxed) {
            throw FarmError.jobFailed(id: job.jobID, reason: final.failure ?? "a render thread is stuck")
        }
        if stop.isAborted { throw FarmError.cancelled }
        guard let report = final.stitched else {
            let status = try? queue.jobStatus(job.jobID)
            let reason = final.failure ?? status?.failures.last?.description ?? status?.job.error ?? "the job did not finish"
            throw FarmError.jobFailed(id: job.jobID, reason: reason)
        }
        let elapsed = started.duration(to: .now)
        let tail = (try? queue.jobStatus(job.jobID))?.stitchTail?.secondsDouble
        return Outcome(report: report, segmentsRendered: final.rendered, segmentsReused: final.reused,
                       seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18,
                       stitchTailSeconds: tail)
    }

    /// An embedded worker: exits when idle, polls often, retries soon.
    func workerConfiguration(_ id: String) -> WorkerConfiguration {
        var configuration = WorkerConfiguration(workerID: id, host: ProcessInfo.processInfo.hostName, store: options.store)
        configuration.exitWhenIdle = true
        configuration.pollInterval = .milliseconds(50)
        configuration.stitchPollInterval = .milliseconds(50)
        configuration.heartbeatInterval = .seconds(1)
        configuration.backoff = Backoff(base: .milliseconds(200), cap: .seconds(2))
        configuration.rollingStitch = options.rollingStitch
        return configuration
    }

    /// Waits for the workers; on abort cancels the job so running segments stop at the next frame.
    /// A stuck render thread never returns: then the job is canceled and the wait ends without it.
    func waitForJob(_ jobID: Int64, queue: InMemorySegmentQueue, stop: StopSignal, done: DispatchGroup,
                    stuck: borrowing Atomic<Bool>) throws {
        var cancelled = false
        while done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            if stuck.load(ordering: .relaxed) {
                _ = try? queue.jobCancel(jobID)
                stop.abort()
                return
            }
            if stop.isAborted && !cancelled {
                cancelled = true
                _ = try? queue.jobCancel(jobID)
            }
        }
    }

    /// The job: one queue segment per planned segment, in order. It stores the request like a farm job:
    /// a worker forgets the cached project after a failed attempt and reloads it from there to retry.
    func jobSpec() throws -> JobSpec {
        let specs = segments.map { s in
            SegmentSpec(index: s.index, frames: s.frames, samples: s.samples, contentHash: s.contentHash)
        }
        return JobSpec(name: (project.request.sourcePath as NSString).lastPathComponent,
                       composition: try project.request.encoded(),
                       outputLocation: options.output, maxAttempts: 2, segments: specs)
    }
}
