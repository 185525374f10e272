import Foundation
import ReelMedia
import ReelQueue
import ReelRender

extension Worker {
    /// Stitches a job whose segments are all done, verifying every seam before publishing, then
    /// completes the job (fenced by the stitch lease). A seam error fails the job with its message.
    func stitch(_ claim: StitchClaim, stop: StopSignal) throws {
        let jobID = claim.job.id
        events(.stitching(jobID: jobID))
        let keeper = LeaseKeeper(queue: queue, stitch: claim.lease, configuration: configuration)
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
            try OutputRoots(configuration.outputRoots, store: configuration.store).check(output)
            try OutputTarget.prepare(output)
            // A whole timeline must hold exactly totalFrames and S(totalFrames); a range render
            // (`--range`) holds the frames and samples of the segments it covers.
            let whole = first == 0 && segments.last?.frames.upperBound == project.plan.totalFrames
            let totalFrames = whole ? project.plan.totalFrames : parts.reduce(0) { $0 + $1.frames }
            let totalSamples = whole ? project.plan.totalSamples : parts.reduce(0) { $0 + $1.samples }
            let report = try Stitcher.stitch(parts: parts, output: project.composition.output,
                                             totalFrames: totalFrames, totalSamples: totalSamples,
                                             chapters: chapters(project, firstFrame: first, frames: totalFrames),
                                             to: output,
                                             isCancelled: { keeper.interrupted || stop.isAborted },
                                             mayPublish: { try self.stillOwns(claim, keeper: keeper) })
            if try queue.jobComplete(claim.lease) {
                events(.stitched(jobID: jobID, path: output, report: report))
            } else {
                events(.stitchFailed(jobID: jobID, message: "stitch lease lost; another worker owns the job now"))
            }
        } catch let error as QueueError {
            throw error
        } catch RenderError.cancelled {
            let why = keeper.interrupted ? "stitch lease lost or job canceled before publishing; nothing was written"
                                         : "stitch interrupted; nothing was written"
            events(.stitchFailed(jobID: jobID, message: why))
        } catch {
            let message = "stitch: \(error)"
            _ = try queue.jobFail(claim.lease, message: message)
            events(.stitchFailed(jobID: jobID, message: message))
        }
        projects.remove(jobID)
    }
}

extension Worker {
    /// The fence before publishing: stops the heartbeat thread, then renews the stitch lease once more,
    /// which succeeds only while this attempt's token still holds the job and the job was not canceled.
    /// The renewal leaves a whole lease for the rename and the commit that follow.
    func stillOwns(_ claim: StitchClaim, keeper: LeaseKeeper) throws -> Bool {
        keeper.stop()
        guard !keeper.interrupted else { return false }
        return try queue.stitchHeartbeat(claim.lease, leaseDuration: configuration.leaseDuration) == .ok
    }

    /// The composition's markers as chapters of an output holding timeline frames
    /// `[firstFrame, firstFrame + frames)` (a `--range` render starts past 0).
    func chapters(_ project: Project, firstFrame: Int64, frames: Int64) throws -> [Chapter] {
        let rate = project.composition.output.frameRate
        return try Stitcher.chapters(from: project.composition.markers, outputStart: rate.time(ofFrame: firstFrame),
                                     outputDuration: rate.time(ofFrame: frames))
    }
}
