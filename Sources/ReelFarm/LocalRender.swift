import Foundation
import ReelModel
import ReelPlan
import ReelQueue
import ReelRender
import Synchronization

/// `reel render`: the farm's pipeline in one process. The project's segments go into an embedded
/// `InMemorySegmentQueue`; a `WorkerHost`, as in `reel worker`, runs `workers` render threads and one more,
/// the rolling stitcher, which appends parts as the done prefix grows. Parts already in the store
/// are reused, so a second run resumes.
public struct LocalRender: Sendable {
    public struct Options: Sendable {
        public var workers: Int
        public var store: PartStore
        public var output: String
        /// A rolling stitcher thread appends parts while segments render (`--stitch rolling`, the default);
        /// false stitches in one pass after the last segment (`--stitch end`).
        public var rollingStitch: Bool
        /// Threads for the stitch's audio encode (`WorkerConfiguration.stitchAudioThreads`; 1: one encode).
        public var stitchAudioThreads = 1

        public init(workers: Int, store: PartStore, output: String, rollingStitch: Bool = true) {
            self.workers = workers
            self.store = store
            self.output = output
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

    /// The segments this render covers, in order: the plan's, which tile its output frames (all of the
    /// timeline, or the request's range).
    public var segments: [SegmentPlan] { project.plan.segments }

    /// Renders and stitches; blocks until done.
    /// - Parameters:
    ///   - stop: abort it (Ctrl-C): workers stop at the next frame, nothing is published.
    ///   - events: every worker event, from worker threads.
    /// - Throws: `FarmError.jobFailed` with the failing segment's message, or `.canceled`.
    public func run(stop: StopSignal, events: @escaping @Sendable (WorkerEvent) -> Void) throws -> Outcome {
        let started = ContinuousClock.now
        let queue = InMemorySegmentQueue()
        let projects = ProjectCache()
        let job = try queue.jobInsert(JobInsertParams(spec: try jobSpec(), reuseParts: true, partIsValid: { _ in false }))
        projects.insert(project, for: job.jobID)
        let tally = Mutex(Tally())
        // On abort the job is canceled, so that running segments stop at the next frame.
        let hooks = WorkerHost.Hooks(event: { _, event in tally.withLock { $0.record(event) }; events(event) },
                                     aborted: { _ = try? queue.jobCancel(job.jobID) })
        let host = WorkerHost(queue: queue, slots: (0..<max(1, options.workers)).map { workerConfiguration("local-\($0)") },
                              stitcher: options.rollingStitch ? workerConfiguration("local") : nil,
                              projects: projects, stop: stop, registration: nil, hooks: hooks)
        let ended = host.run()
        // A stuck render thread never returns: the job is canceled and the render ends without it.
        if case .stuck = ended {
            _ = try? queue.jobCancel(job.jobID)
            stop.abort()
        }
        let final = tally.withLock { $0 }
        switch ended {
        case .stuck: throw FarmError.jobFailed(id: job.jobID, reason: final.failure ?? "a render thread is stuck")
        case .aborted: throw FarmError.canceled
        case .failed(let error): throw error
        case .drained: break
        }
        guard let report = final.stitched else {
            let status = try? queue.jobStatus(job.jobID)
            let reason = final.failure ?? status?.failures.last?.description ?? status?.job.error ?? "the job did not finish"
            throw FarmError.jobFailed(id: job.jobID, reason: reason)
        }
        let elapsed = started.duration(to: .now)
        let tail = (try? queue.jobStatus(job.jobID))?.stitchTail?.secondsDouble
        return Outcome(report: report, segmentsRendered: final.rendered, segmentsReused: final.reused,
                       seconds: elapsed.secondsDouble,
                       stitchTailSeconds: tail)
    }

    /// What the workers reported: the stitched output, the first cause of a failure, segments rendered and reused.
    struct Tally: Sendable {
        var stitched: StitchReport?
        var failure: String?
        var rendered = 0
        var reused = 0

        mutating func record(_ event: WorkerEvent) {
            switch event {
            case .stitched(_, _, let report): stitched = report
            // A segment's failure stops the rolling stitcher too: keep the first, the cause.
            case .stitchFailed(_, let message): if failure == nil { failure = message }
            case .segmentDone(_, _, _, let wasReused, _): if wasReused { reused += 1 } else { rendered += 1 }
            case let .segmentFailed(_, segment, attempt, message, willRetry) where !willRetry:
                failure = "segment \(segment), attempt \(attempt): \(message)"
            case let .stuck(_, segment, message):
                failure = "segment \(segment): \(message); its render thread is blocked, so the render stops"
            default: break
            }
        }
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
        configuration.stitchFromFirstClaim = true
        configuration.stitchAudioThreads = options.stitchAudioThreads
        return configuration
    }

    /// The job: one queue segment per planned segment, in order. It stores the request like a farm job:
    /// a worker forgets the cached project after a failed attempt and reloads it from there to retry.
    func jobSpec() throws -> JobSpec {
        return JobSpec(name: (project.request.sourcePath as NSString).lastPathComponent,
                       composition: try project.request.encoded(),
                       outputLocation: options.output, maxAttempts: 2, segments: segments.map(SegmentSpec.init(planned:)))
    }
}
