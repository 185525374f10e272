import Foundation
import ReelModel
import ReelQueue
import ReelRecords
import Synchronization

/// The encodings a snapshot publishes, made once per refresh and shared by every client.
enum HubJSON {
    static func overview(_ s: HubSnapshot) -> Data {
        APIJSON.data(overviewObject(s))
    }

    /// The overview `view` may see: its jobs, and totals over them (the live workers are the farm's).
    static func overviewObject(_ s: HubSnapshot, view: JobView = .all) -> [String: Any] {
        let goneAfter = Duration.seconds(120)
        let live = s.workers.filter { ["working", "idle", "draining"].contains($0.status(now: s.at, goneAfter: goneAfter)) }
        let statuses = view == .all ? s.statuses : s.statuses.filter { view.sees(owner: $0.job.owner) }
        let jobs = statuses.map { APIJSON.job($0, now: s.at) }
        let active = statuses.filter { $0.job.state.isActive }
        return [
            "version": s.version, "at": FarmJSON.time(s.at), "error": FarmJSON.nullable(s.error),
            "jobs": jobs,
            "workers": workers(s, view: view, goneAfter: goneAfter),
            "totals": [
                "jobs_active": active.count,
                "segments_queued": active.reduce(0) { $0 + ($1.segmentsByState[.available] ?? 0) },
                "segments_running": active.reduce(0) { $0 + ($1.segmentsByState[.running] ?? 0) },
                "oldest_queued_seconds": FarmJSON.nullable(s.metrics?.oldestQueuedAge.map(\.secondsDouble)),
                "workers_live": live.count,
                "fps": active.compactMap(\.framesPerSecond).reduce(0, +),
            ] as [String: Any],
            "chart": [
                "frames_per_minute": FarmJSON.nullable(s.metrics?.framesPerMinute),
                "queue_depth": depthPerMinute(s),
            ] as [String: Any],
        ]
    }

    /// The farm's workers; a view narrowed to one user's jobs does not see which segment (of whose job) each renders.
    static func workers(_ s: HubSnapshot, view: JobView, goneAfter: Duration) -> [[String: Any]] {
        s.workers.map { w in
            var o = APIJSON.worker(w, now: s.at, goneAfter: goneAfter)
            if view != .all { o["current_segment"] = NSNull() }
            return o
        }
    }

    /// Queued segments per minute over the last hour, oldest first (60 entries, null where the server was not
    /// looking), aligned with `frames_per_minute`: the last entry is the minute ending now.
    static func depthPerMinute(_ s: HubSnapshot) -> [Any] {
        var slots = [Any](repeating: NSNull(), count: 60)
        for sample in s.depth {
            let minutesAgo = Int(s.at.timeIntervalSince(sample.at) / 60)
            guard (0..<60).contains(minutesAgo) else { continue }
            let i = 59 - minutesAgo
            slots[i] = max((slots[i] as? Int) ?? 0, sample.segments)
        }
        return slots
    }

    static func detail(_ d: JobDetail, at: Date) -> Data {
        APIJSON.data(detailObject(d, at: at))
    }

    static func detailObject(_ d: JobDetail, at: Date) -> [String: Any] {
        let marks = Self.marks(of: d.status.job)
        var job = APIJSON.job(d.status, now: at)
        job["duration_seconds"] = FarmJSON.nullable(marks?.seconds(ofFrames: d.status.job.frameCount))
        let thumbnails = Set(d.segments.filter { $0.state == .done }.map(\.index))
        return [
            "at": FarmJSON.time(at),
            "job": job,
            "marks": APIJSON.marks(marks),
            "segments": d.segments.map { s -> [String: Any] in
                var o = APIJSON.segment(s, now: at)
                o["thumbnail"] = thumbnails.contains(s.index)
                    ? "/api/v1/jobs/\(d.status.job.id)/segments/\(s.index)/thumbnail.jpg" : NSNull()
                return o
            },
            "stitch": ["state": stitchState(d.status.job), "attempt": d.status.job.stitchAttempt] as [String: Any],
            "poster": d.status.job.state == .done ? "/api/v1/jobs/\(d.status.job.id)/poster.jpg" : NSNull(),
            "webhooks": d.webhooks.map(APIJSON.webhook),
            "failures": d.status.failures.map(FarmJSON.failure),
        ]
    }

    /// A job's transition marks, decoded from its stored request once (a request can be large) and kept for the
    /// 64 jobs seen last.
    static func marks(of job: Job) -> TimelineMarks? {
        if let hit = marksCache.withLock({ $0[job.id] }) { return hit }
        let marks = (try? RenderRequest(decoding: job.composition))?.marks
        marksCache.withLock { cache in
            if cache.count >= 64 { cache.removeAll() }
            cache[job.id] = marks
        }
        return marks
    }

    private static let marksCache = Mutex<[Int64: TimelineMarks?]>([:])

    static func stitchState(_ job: Job) -> String {
        switch job.state {
        case .queued: "waiting for segments"
        case .running: job.stitchedSegments > 0
            ? "rolling: \(job.stitchedSegments) of \(job.segmentCount) parts appended" : "waiting for segments"
        case .stitching: "stitching"
        case .done: "published"
        case .failed: job.error?.hasPrefix("stitch") == true ? "failed" : "not reached"
        case .canceled: "canceled"
        }
    }
}
