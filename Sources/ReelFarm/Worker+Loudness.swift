import Foundation
import ReelRender

extension Worker {
    /// A loudness job's programme audio, mixed and measured on the stitch host before any part is appended
    /// (`RollingStitcher.measureLoudnessAhead`), with the renderer's own mix (`SegmentRenderer.mixAudio`), so the
    /// gain is known while the workers still render the video and each part's audio is encoded as it arrives: the
    /// stitch tail stays the last part's. The workers still write every part's PCM; the stitch checks it is the PCM
    /// measured. The lease keeper renews the stitch lease meanwhile; a drain, an abort or a lost lease stops it
    /// (`RenderError.canceled`). Nothing to do for a job without a loudness target.
    func measureLoudnessAhead(_ run: StitchRun, project: Project, into stitcher: RollingStitcher, keeper: LeaseKeeper,
                              stop: StopSignal) throws(StitchStop) {
        guard project.composition.output.audio.loudness != nil else { return }
        let started = ContinuousClock.now
        let renderer = SegmentRenderer(plan: project.plan, store: configuration.store, rules: project.inputs)
        let stopped = { keeper.interrupted || stop.isAborted || stop.isDraining }
        try stitching(stitcher.measureLoudnessAhead(segments: run.segments.map(\.index), mix: { index, body in
            try renderer.mixAudio(project.plan.segments[index], isCanceled: stopped, body)
        }, isCanceled: stopped))
        events(.loudnessMeasured(jobID: run.claim.job.id, seconds: started.duration(to: .now).secondsDouble))
    }
}
