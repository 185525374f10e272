import Foundation
import ReelMedia
import ReelQueue
import ReelRender
import Synchronization

extension Worker {
    /// Stitches a job whose segments are all done, verifying every seam before publishing, then
    /// completes the job (fenced by the stitch lease). A seam error fails the job with its message.
    func stitch(_ claim: StitchClaim, stop: StopSignal) throws {
        let jobID = claim.job.id
        events(.stitching(jobID: jobID))
        let keeper = StitchKeeper(queue: queue, lease: claim.lease, configuration: configuration)
        keeper.start()
        defer { keeper.stop() }
        do {
            let project = try projects.project(for: claim.job)
            let segments = claim.segments.sorted { $0.index < $1.index }
            let first = segments.first?.frames.lowerBound ?? 0
            let parts = segments.map { segment in
                StitchPart(segmentIndex: segment.index, startFrame: segment.frames.lowerBound - first,
                           frames: segment.frames.count64, samples: segment.samples.count64,
                           videoPath: configuration.store.videoPath(for: segment.contentHash),
                           audioPath: configuration.store.audioPath(for: segment.contentHash))
            }
            let output = claim.job.outputLocation
            try FileManager.default.createDirectory(atPath: (output as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            // A whole timeline must hold exactly totalFrames and S(totalFrames); a range render
            // (`--range`) holds the frames and samples of the segments it covers.
            let whole = first == 0 && segments.last?.frames.upperBound == project.plan.totalFrames
            let totalFrames = whole ? project.plan.totalFrames : parts.reduce(0) { $0 + $1.frames }
            let totalSamples = whole ? project.plan.totalSamples : parts.reduce(0) { $0 + $1.samples }
            let report = try Stitcher.stitch(parts: parts, output: project.composition.output,
                                             totalFrames: totalFrames, totalSamples: totalSamples,
                                             chapters: chapters(project, firstFrame: first, frames: totalFrames),
                                             to: output,
                                             isCancelled: { keeper.interrupted || stop.isAborted })
            keeper.stop()
            if try queue.jobComplete(claim.lease) {
                events(.stitched(jobID: jobID, path: output, report: report))
            } else {
                events(.stitchFailed(jobID: jobID, message: "stitch lease lost; another worker owns the job now"))
            }
        } catch let error as QueueError {
            throw error
        } catch RenderError.cancelled {
            events(.stitchFailed(jobID: jobID, message: "stitch interrupted"))
        } catch {
            let message = "stitch: \(error)"
            _ = try queue.jobFail(claim.lease, message: message)
            events(.stitchFailed(jobID: jobID, message: message))
        }
        projects.remove(jobID)
    }
}

extension Worker {
    /// The composition's markers as chapters of an output holding timeline frames
    /// `[firstFrame, firstFrame + frames)` (a `--range` render starts past 0).
    func chapters(_ project: Project, firstFrame: Int64, frames: Int64) throws -> [Chapter] {
        let rate = project.composition.output.frameRate
        return try Stitcher.chapters(from: project.composition.markers, outputStart: rate.time(ofFrame: firstFrame),
                                     outputDuration: rate.time(ofFrame: frames))
    }
}

/// Heartbeats a stitch lease on its own thread.
final class StitchKeeper: Sendable {
    let queue: any SegmentQueue
    let lease: StitchLease
    let configuration: WorkerConfiguration
    private let flags = Atomic<Int>(0)

    init(queue: any SegmentQueue, lease: StitchLease, configuration: WorkerConfiguration) {
        self.queue = queue
        self.lease = lease
        self.configuration = configuration
    }

    var interrupted: Bool { flags.load(ordering: .relaxed) & 2 != 0 }

    func start() {
        let thread = Thread { [self] in
            let interval = configuration.heartbeatInterval
            var next = ContinuousClock.now + interval
            while flags.load(ordering: .relaxed) & 1 == 0 {
                Thread.sleep(forTimeInterval: 0.05)
                guard ContinuousClock.now >= next else { continue }
                next = .now + interval
                if let result = try? queue.stitchHeartbeat(lease, leaseDuration: configuration.leaseDuration),
                   result != .ok {
                    flags.bitwiseOr(2, ordering: .relaxed)
                    return
                }
            }
        }
        thread.start()
    }

    func stop() { flags.bitwiseOr(1, ordering: .relaxed) }
}
