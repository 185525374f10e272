import Foundation
import ReelQueue
import ReelPlan
import ReelRender
import Synchronization

extension Worker {
    /// Renders a claimed segment while a heartbeat thread keeps its lease, then commits, fenced.
    func process(_ claimed: ClaimedSegment, stop: StopSignal, renderers: inout RendererCache) throws {
        let lease = claimed.lease, segment = claimed.segment
        events(.claimed(jobID: lease.jobID, segment: segment.index, segmentID: segment.id, frames: segment.frames.count64))
        let heartbeat = LeaseKeeper(queue: queue, lease: lease, configuration: configuration)
        heartbeat.start()
        defer { heartbeat.stop() }
        do {
            let project = try projects.project(for: try queue.jobGet(lease.jobID))
            let planned = try plannedSegment(segment, in: project)
            let renderer = renderers.renderer(for: lease.jobID, project: project, store: configuration.store)
            let result = try renderer.render(planned, isCancelled: { heartbeat.interrupted || stop.isAborted },
                                             progress: { done in
                if done % 10 == 0 { self.events(.progress(jobID: lease.jobID, segment: segment.index, framesDone: done)) }
            })
            heartbeat.stop()
            let stats = RenderStats(frames: result.reused ? 0 : segment.frames.count64,
                                    duration: .milliseconds(Int64(result.manifest.renderSeconds * 1000)))
            let committed = try queue.segmentComplete(SegmentCompleteParams(
                lease: lease, partLocation: configuration.store.videoPath(for: segment.contentHash), stats: stats))
            events(committed ? .segmentDone(jobID: lease.jobID, segment: segment.index, frames: segment.frames.count64,
                                            reused: result.reused, seconds: result.manifest.renderSeconds)
                             : .leaseLost(jobID: lease.jobID, segment: segment.index))
        } catch RenderError.cancelled {
            if heartbeat.interrupted {
                events(.leaseLost(jobID: lease.jobID, segment: segment.index))
            } else if try queue.segmentRelease(lease) {
                events(.released(jobID: lease.jobID, segment: segment.index))
            }
        } catch let error as QueueError {
            throw error
        } catch RenderError.segment(_, let message, let permanent) {
            try fail(claimed, message: message, permanent: permanent, renderers: &renderers)
        } catch {
            try fail(claimed, message: "\(error)", permanent: Self.isPermanent(error), renderers: &renderers)
        }
    }

    /// Errors outside the renderer that no retry can fix: the composition or its sources changed or are invalid.
    static func isPermanent(_ error: any Error) -> Bool {
        if let farm = error as? FarmError {
            switch farm {
            case .invalid, .contentChanged, .outsideMediaRoots, .outsideOutputRoots: return true
            case .io, .jobFailed, .cancelled, .other: return false
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
    func fail(_ claimed: ClaimedSegment, message: String, permanent: Bool, renderers: inout RendererCache) throws {
        let lease = claimed.lease
        projects.remove(lease.jobID)
        renderers.remove(lease.jobID)
        let result = try queue.segmentFail(SegmentFailParams(lease: lease, message: message,
                                                             backoff: configuration.backoff, permanent: permanent))
        var retry = false
        if case .retrying = result { retry = true }
        events(.segmentFailed(jobID: lease.jobID, segment: claimed.segment.index, attempt: lease.attempt,
                              message: message, willRetry: retry))
    }
}

/// Heartbeats a lease (a segment's or a stitch step's) on its own thread; `interrupted` turns true
/// when the job was canceled or the lease was lost, which stops the work at the next frame.
final class LeaseKeeper: Sendable {
    let interval: Duration
    let beat: @Sendable () throws -> HeartbeatResult
    private let flags = Atomic<Int>(0)   // bit 0: stop, bit 1: interrupted

    init(interval: Duration, beat: @escaping @Sendable () throws -> HeartbeatResult) {
        self.interval = interval
        self.beat = beat
    }

    /// Keeps a segment lease.
    convenience init(queue: any SegmentQueue, lease: Lease, configuration: WorkerConfiguration) {
        self.init(interval: configuration.heartbeatInterval) {
            try queue.segmentHeartbeat(lease, leaseDuration: configuration.leaseDuration)
        }
    }

    /// Keeps a stitch lease.
    convenience init(queue: any SegmentQueue, stitch lease: StitchLease, configuration: WorkerConfiguration) {
        self.init(interval: configuration.heartbeatInterval) {
            try queue.stitchHeartbeat(lease, leaseDuration: configuration.leaseDuration)
        }
    }

    var interrupted: Bool { flags.load(ordering: .relaxed) & 2 != 0 }

    /// A failed heartbeat call (the database unreachable for a moment) is retried at the next beat;
    /// only an answer of canceled or lost interrupts.
    func start() {
        let thread = Thread { [self] in
            var next = ContinuousClock.now + interval
            while flags.load(ordering: .relaxed) & 1 == 0 {
                Thread.sleep(forTimeInterval: 0.05)
                guard ContinuousClock.now >= next else { continue }
                next = .now + interval
                if let result = try? beat(), result != .ok {
                    flags.bitwiseOr(2, ordering: .relaxed)
                    return
                }
            }
        }
        thread.start()
    }

    func stop() { flags.bitwiseOr(1, ordering: .relaxed) }
}
