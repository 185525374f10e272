import Foundation
import ReelQueue
import ReelPlan
import ReelRender
import Synchronization

extension Worker {
    /// Renders a claimed segment while a heartbeat thread keeps its lease (only while frames advance), then
    /// commits, fenced. The render step's failures are the attempt's (recorded, retried or not); the queue
    /// steps around it throw the queue's own errors, for the worker loop.
    func process(_ claimed: ClaimedSegment, stop: StopSignal, renderers: inout RendererCache) throws(QueueError) {
        let lease = claimed.lease, segment = claimed.segment
        events(.claimed(jobID: lease.jobID, segment: segment.index, segmentID: segment.id, frames: segment.frames.count64))
        let watch = ProgressWatch(stallLimit: configuration.stallLimit, deadline: ProgressWatch.deadline(
            frames: segment.frames.count64, secondsPerFrame: cost.withLock { $0 } ?? 0.5,
            factor: configuration.deadlineFactor, stallLimit: configuration.stallLimit))
        let heartbeat = segmentKeeper(claimed, watch: watch)
        heartbeat.start()
        defer { heartbeat.stop() }
        let loaded = try projects.project(forJobID: lease.jobID, reading: { watch.reading($0) }) {
            () throws(QueueError) in try queue.jobGet(lease.jobID)
        }
        let result: SegmentResult
        do {
            let project = try loaded.get()
            let planned = try plannedSegment(segment, in: project)
            let renderer = renderers.renderer(for: lease.jobID, project: project, store: configuration.store)
            renderer.reading = { watch.reading($0) }
            result = try renderer.render(planned, isCanceled: { heartbeat.interrupted || stop.isAborted },
                                         progress: { done in
                watch.advance(framesDone: Int64(done))
                if done % 10 == 0 { self.events(.progress(jobID: lease.jobID, segment: segment.index, framesDone: done)) }
            })
        } catch _ where heartbeat.stalled {
            renderers.remove(lease.jobID)   // the keeper already failed this attempt, with the reason
            return
        } catch RenderError.canceled {
            if heartbeat.canceled {
                events(.canceled(jobID: lease.jobID, segment: segment.index))
            } else if heartbeat.interrupted {
                events(.leaseLost(jobID: lease.jobID, segment: segment.index))
            } else if try queue.segmentRelease(lease) {
                events(.released(jobID: lease.jobID, segment: segment.index))
            }
            return
        } catch RenderError.segment(_, let message, let permanent) {
            return try fail(claimed, message: message, permanent: permanent, renderers: &renderers)
        } catch {
            return try fail(claimed, message: "\(error)", permanent: Self.isPermanent(error), renderers: &renderers)
        }
        try commit(claimed, result, heartbeat: heartbeat)
    }

    /// The queue step after a render: records the part, fenced by the lease, unless the attempt was failed while
    /// it ran past its limit.
    func commit(_ claimed: ClaimedSegment, _ result: SegmentResult, heartbeat: LeaseKeeper) throws(QueueError) {
        let lease = claimed.lease, segment = claimed.segment
        heartbeat.stop()
        guard !heartbeat.stalled else { return }   // its attempt was failed while it ran past its limit
        measure(result, frames: segment.frames.count64)
        writeThumbnail(result, jobID: lease.jobID, segment: segment.index)
        let stats = RenderStats(frames: result.reused ? 0 : segment.frames.count64,
                                duration: .milliseconds(Int64(result.manifest.renderSeconds * 1000)))
        // `partLocation` is a record for people and for the queue (a done row must have one, and a reused
        // segment copies it); the farm never follows it: the stitcher names parts from the hash (`PartFiles`).
        let committed = try queue.segmentComplete(SegmentCompleteParams(
            lease: lease, partLocation: configuration.store.files(for: segment.contentHash).video, stats: stats))
        guard committed else { return events(try refusal(of: lease, segment: segment.index)) }
        events(.segmentDone(jobID: lease.jobID, segment: segment.index, frames: segment.frames.count64,
                            reused: result.reused, seconds: result.manifest.renderSeconds))
    }

    /// Errors outside the renderer that no retry can fix: the composition or its sources changed or are invalid,
    /// or the stored request's range covers no frame (`RangeProblem`).
    static func isPermanent(_ error: any Error) -> Bool {
        if error is RangeProblem { return true }
        if let farm = error as? FarmError {
            switch farm {
            case .invalid, .contentChanged, .outsideMediaRoots, .outsideOutputRoots: return true
            case .io, .jobFailed, .canceled, .notFound, .invalidConfiguration, .unreadableRequest, .invalidMediaMap,
                 .invalidOfflineMode, .segmentsChanged:
                return false
            }
        }
        return RenderError.isPermanent(error)
    }

    /// The job's planned segment for a claimed one; its content hash must not have changed.
    func plannedSegment(_ segment: Segment, in project: Project) throws -> SegmentPlan {
        guard segment.index < project.plan.segments.count else {
            throw FarmError.contentChanged(segment: segment.index, message: "the plan no longer has this segment")
        }
        let planned = project.plan.segments[segment.index]
        guard planned.contentHash == segment.contentHash, planned.frames == segment.frames else {
            throw FarmError.contentChanged(segment: segment.index, message:
                "its content changed since the job was submitted (a source file was modified); submit the job again")
        }
        return planned
    }

    /// Records the attempt's failure. A permanent one (the input is at fault) fails the segment and its
    /// job at once: retrying a missing file or a composition error only wastes the farm's time.
    func fail(_ claimed: ClaimedSegment, message: String, permanent: Bool,
              renderers: inout RendererCache) throws(QueueError) {
        let lease = claimed.lease
        // The project stays cached: its files are checked again at every open (`InputFile`), so a retry need
        // not probe them all again; the renderer (its decoders) is dropped.
        renderers.remove(lease.jobID)
        let result = try queue.segmentFail(SegmentFailParams(lease: lease, message: message,
                                                             backoff: configuration.backoff, permanent: permanent))
        var retry = false
        if case .retrying = result { retry = true }
        events(.segmentFailed(jobID: lease.jobID, segment: claimed.segment.index, attempt: lease.attempt,
                              message: message, willRetry: retry))
    }

    /// Why a finished segment's completion was refused: its job was canceled, or its lease was lost.
    func refusal(of lease: Lease, segment: Int) throws(QueueError) -> WorkerEvent {
        let state = try queue.segmentHeartbeat(lease, leaseDuration: .zero)
        return state == .canceled ? .canceled(jobID: lease.jobID, segment: segment)
                                  : .leaseLost(jobID: lease.jobID, segment: segment)
    }

    /// The segment's lease keeper, watching `watch`: a stall fails the attempt (fenced) with its reason.
    func segmentKeeper(_ claimed: ClaimedSegment, watch: ProgressWatch) -> LeaseKeeper {
        let lease = claimed.lease, index = claimed.segment.index
        let queue = self.queue, configuration = self.configuration, events = self.events
        return LeaseKeeper(interval: configuration.heartbeatInterval, watch: watch, watcher: configuration.workerID,
                           grace: configuration.stuckGrace, onStall: { reason in
            let result = try? queue.segmentFail(SegmentFailParams(lease: lease, message: reason, backoff: configuration.backoff,
                                                                  kind: AttemptError.Kind.stall))
            var retry = false
            if case .retrying? = result { retry = true }
            events(.segmentFailed(jobID: lease.jobID, segment: index, attempt: lease.attempt, message: reason, willRetry: retry))
        }, onStuck: { reason in
            events(.stuck(jobID: lease.jobID, segment: index, message: reason))
        }) {
            try queue.segmentHeartbeat(lease, leaseDuration: configuration.leaseDuration, progressFrames: watch.framesDone)
        }
    }

    /// Keeps this worker's cost per rendered frame (a moving average) for the next segments' deadlines.
    func measure(_ result: SegmentResult, frames: Int64) {
        guard !result.reused, frames > 0, result.manifest.renderSeconds > 0 else { return }
        let perFrame = result.manifest.renderSeconds / Double(frames)
        cost.withLock { $0 = $0.map { 0.7 * $0 + 0.3 * perFrame } ?? perFrame }
    }
}
