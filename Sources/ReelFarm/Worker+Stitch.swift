import Foundation
import ReelMedia
import ReelQueue
import ReelRender

extension Worker {
    /// Stitches a job whose segments are all done, verifying every seam before publishing, then
    /// completes the job (fenced by the stitch lease). A seam error fails the job with its message;
    /// a part that is missing or invalid sends its segment back to be rendered again instead.
    func stitch(_ claim: StitchClaim, stop: StopSignal) throws {
        let jobID = claim.job.id
        events(.stitching(jobID: jobID))
        let keeper = LeaseKeeper(queue: queue, stitch: claim.lease, configuration: configuration)
        keeper.start()
        defer { keeper.stop() }
        do {
            let project = try projects.project(for: claim.job)
            let segments = claim.segments.sorted { $0.index < $1.index }
            if try requeueMissingParts(claim, segments, keeper: keeper) { return }
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
            if try queue.jobComplete(claim.lease, outputBytes: report.bytes > 0 ? report.bytes : nil) {
                writePoster(jobID: jobID, segments: segments)
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
    /// Checks every part's manifest (frames, samples, file sizes) before stitching. Missing or invalid ones
    /// (a full disk, a cleaned store, a lost NFS write) go back to the queue with their segments: a transient
    /// storage fault costs a re-render, not the job. - Returns: true when it requeued (or lost the lease).
    func requeueMissingParts(_ claim: StitchClaim, _ segments: [Segment], keeper: LeaseKeeper) throws -> Bool {
        let store = configuration.store
        let missing = segments.filter {
            store.validManifest(for: $0.contentHash, frames: $0.frames.count64, samples: $0.samples.count64) == nil
        }
        guard !missing.isEmpty else { return false }
        keeper.stop()
        let message = "part missing or invalid at stitch time (worker \(configuration.workerID), store \(store.root)); "
            + "rendering it again"
        let requeued = try queue.stitchRequeue(claim.lease, segmentIDs: missing.map(\.id), message: message)
        let indices = missing.map { String($0.index) }.joined(separator: ", ")
        events(.stitchFailed(jobID: claim.job.id, message: requeued
            ? "segments \(indices): \(message)" : "stitch lease lost before requeueing segments \(indices)"))
        return true
    }

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
