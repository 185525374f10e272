import Foundation
import ReelQueue

extension MetricsExposition {
    /// Worker statuses, as `WorkerInfo.status` names them; every one is written in `reel_workers`.
    public static let workerStatuses = ["working", "idle", "draining", "stopped", "gone"]

    /// Farm-wide worker counts, then per-worker series labelled `worker` (its id) and `host`.
    ///
    /// - `reel_worker_status{status}` is 1 for the worker's status and 0 for the other four, so an alert can
    ///   say `reel_worker_status{status="gone"} == 1` and name the worker.
    /// - `reel_worker_up` is 1 for a live worker (working, idle, draining), 0 for a stopped or gone one.
    /// - `reel_worker_frames_per_second` is the fps the worker reported, while it is live and holds a segment;
    ///   0 otherwise (an idle worker's last report is stale).
    /// - `reel_worker_heartbeat_age_seconds` is the time since its last heartbeat, by the queue clock
    ///   (0 if the clock reads a heartbeat in the future).
    static func workerFamilies(_ m: QueueMetrics, goneAfter: Duration) -> [MetricFamily] {
        let workers = m.workers.sorted { ($0.id, $0.host) < ($1.id, $1.host) }
        let statuses = workers.map { $0.status(now: m.at, goneAfter: goneAfter) }
        let labels = workers.map { [MetricLabel("worker", $0.id), MetricLabel("host", $0.host)] }
        let live = statuses.map { ["working", "idle", "draining"].contains($0) }
        var byStatus: [String: Int] = [:]
        for status in statuses { byStatus[status, default: 0] += 1 }
        return [
            .gauge("reel_workers", "Registered workers by status (every status present, 0 when none).",
                   workerStatuses.map { ([MetricLabel("status", $0)], Double(byStatus[$0] ?? 0)) }),
            .gauge("reel_worker_up", "1 for a live worker (working, idle or draining), 0 for a stopped or gone one.",
                   workers.indices.map { (labels[$0], live[$0] ? 1 : 0) }),
            .gauge("reel_worker_status", "1 for the worker's current status, 0 for the others (one series per status).",
                   workers.indices.flatMap { i in
                       workerStatuses.map { (labels[i] + [MetricLabel("status", $0)], statuses[i] == $0 ? 1 : 0) }
                   }),
            .gauge("reel_worker_info", "Always 1; labels carry the worker's version.",
                   workers.indices.map { (labels[$0] + [MetricLabel("version", workers[$0].version)], 1) }),
            .gauge("reel_worker_frames_per_second",
                   "Frames per second a live worker reported for its current segment; 0 when it holds none.",
                   workers.indices.map { (labels[$0], live[$0] ? framesPerSecond(workers[$0]) : 0) }),
            .gauge("reel_worker_heartbeat_age_seconds", "Seconds since the worker's last heartbeat.",
                   workers.indices.map { (labels[$0], max(0, m.at.timeIntervalSince(workers[$0].lastSeenAt))) }),
            .counter("reel_worker_segments_done_total", "Segments the worker completed.",
                     workers.indices.map { (labels[$0], Double(workers[$0].segmentsDone)) }),
        ]
    }

    /// The reported fps while a segment is held; 0 without one, or for a report that is not a finite,
    /// non-negative number.
    private static func framesPerSecond(_ w: WorkerInfo) -> Double {
        guard w.currentSegmentID != nil, let fps = w.recentFramesPerSecond, fps.isFinite, fps >= 0 else { return 0 }
        return fps
    }
}
