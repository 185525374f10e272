import Foundation
import ReelModel
import ReelQueue

/// The JSON shapes of the farm's records, shared by every `--json` output of the CLI and by the HTTP API
/// (`/api/v1`), so both speak one style (docs/json.md):
/// - keys are snake_case (`^[a-z][a-z0-9_]*$`);
/// - times are ISO 8601 in UTC to the second (`2026-12-01T03:07:46Z`), durations are seconds
///   (`eta_seconds`), rates are per second (`fps`);
/// - an unknown value is `null`, never a missing key.
///
/// The functions return JSON-ready dictionaries; `FarmJSON.data` turns one into bytes.
public enum FarmJSON {
    /// A job as stored.
    public static func job(_ job: Job) -> [String: Any] {
        ["id": job.id, "name": job.name, "owner": job.owner, "state": job.state.rawValue, "priority": job.priority,
         "max_attempts": job.maxAttempts, "tags": job.requiredTags, "segments": job.segmentCount,
         "frames": job.frameCount, "output": job.outputLocation, "error": nullable(job.error),
         "stitch_attempt": job.stitchAttempt, "stitch_seconds": nullable(job.stitchDuration.map(\.secondsDouble)),
         "stitched_segments": job.stitchedSegments,
         "output_bytes": nullable(job.outputBytes), "loudness": loudness(job.loudness), "created_at": time(job.createdAt),
         "started_at": nullable(job.startedAt.map(time)), "finished_at": nullable(job.finishedAt.map(time))]
    }

    /// A done job's loudness report (the object the stitcher stored, `LoudnessReport.jsonFields`), or null.
    static func loudness(_ text: String?) -> Any {
        guard let text, let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return NSNull() }
        return object
    }

    /// One job's progress: the job, segments by state (every state present), frames (done, in progress,
    /// rendered), the recent fps, ETA and elapsed time, tags no live worker has, and every failed attempt.
    public static func status(_ s: JobStatus) -> [String: Any] {
        ["job": job(s.job),
         "segments_by_state": Dictionary(uniqueKeysWithValues: s.segmentsByState.map { ($0.key.rawValue, $0.value) }),
         "frames_done": s.framesDone, "frames_in_progress": s.framesInProgress, "frames_progress": s.framesProgress,
         "frames_rendered": s.framesRendered, "fps": nullable(s.framesPerSecond),
         "eta_seconds": nullable(s.eta.map { tenths($0.secondsDouble) }),
         "elapsed_seconds": nullable(s.elapsed.map { tenths($0.secondsDouble) }),
         "stitch_tail_seconds": nullable(s.stitchTail.map(\.secondsDouble)),
         "tags_no_live_worker_has": s.tagsNoLiveWorkerHas, "failures": s.failures.map(failure)]
    }

    /// A job with its progress in one flat object, as the jobs page and `/api/v1/jobs` list it
    /// (`failures` is a count here; `status` has the list).
    public static func jobSummary(_ s: JobStatus) -> [String: Any] {
        var o = job(s.job)
        let progress = s.job.frameCount > 0 ? Double(s.framesProgress) / Double(s.job.frameCount) : 0
        let extra: [String: Any] = [
            "frames_done": s.framesDone, "frames_rendered": s.framesRendered, "frames_in_progress": s.framesInProgress,
            "progress": progress, "fps": nullable(s.framesPerSecond), "eta_seconds": nullable(s.eta.map(\.secondsDouble)),
            "elapsed_seconds": nullable(s.elapsed.map(\.secondsDouble)), "tags_no_live_worker_has": s.tagsNoLiveWorkerHas,
            "stitch_tail_seconds": nullable(s.stitchTail.map(\.secondsDouble)),
            "segments_by_state": Dictionary(uniqueKeysWithValues: s.segmentsByState.map { ($0.key.rawValue, $0.value) }),
            "failures": s.failures.count]
        o.merge(extra) { _, new in new }
        return o
    }

    /// One failed attempt of one segment; `kind` is `AttemptError.Kind` (input, render, lease_expired, stall…).
    public static func failure(_ f: SegmentFailure) -> [String: Any] {
        ["segment": f.segmentIndex, "attempt": f.attempt, "message": f.message, "worker": nullable(f.workerID),
         "kind": f.kind, "at": time(f.at)]
    }

    /// A registered worker. `state` is `WorkerInfo.status`: working, idle, draining, stopped, or gone after
    /// `goneAfter` without a heartbeat (two minutes: heartbeats come every quarter lease, 15 s by default).
    public static func worker(_ w: WorkerInfo, now: Date, goneAfter: Duration = .seconds(120)) -> [String: Any] {
        ["id": w.id, "host": w.host, "pid": w.pid, "version": w.version, "tags": w.tags,
         "state": w.status(now: now, goneAfter: goneAfter), "current_segment": nullable(w.currentSegmentID),
         "fps": nullable(w.recentFramesPerSecond), "segments_done": w.segmentsDone,
         "started_at": time(w.startedAt), "last_seen_at": time(w.lastSeenAt),
         "heartbeat_age_seconds": max(0, now.timeIntervalSince(w.lastSeenAt))]
    }

    /// One segment of a job, as the job page's strip draws it: frames `[frame_start, frame_end)`, state, the
    /// worker holding it, its live fps while running (`fps`) and its render's once done (`render_fps`), attempts.
    public static func segment(_ s: Segment, now: Date) -> [String: Any] {
        ["id": s.id, "job_id": s.jobID, "index": s.index, "frame_start": s.frames.lowerBound,
         "frame_end": s.frames.upperBound, "state": s.state.rawValue, "attempt": s.attempt,
         "max_attempts": s.maxAttempts, "worker": nullable(s.leasedBy), "reused": s.reusedFrom != nil,
         "render_seconds": nullable(s.stats.map { $0.duration.secondsDouble }), "render_fps": nullable(s.stats?.framesPerSecond),
         "progress_frames": s.progressFrames, "claimed_at": nullable(s.claimedAt.map(time)),
         "claim_wait_seconds": nullable(s.claimWait.map(\.secondsDouble)), "fps": nullable(s.liveFramesPerSecond(now: now)),
         "finished_at": nullable(s.finishedAt.map(time)),
         "errors": s.errors.map { e -> [String: Any] in
             ["attempt": e.attempt, "message": e.message, "worker": nullable(e.workerID), "kind": e.kind, "at": time(e.at)]
         }]
    }
}

extension FarmJSON {
    /// The one serialization (`JSONWriter`, over Reel's JSON writer): sorted keys, `/` left unescaped, two-space
    /// indents when `pretty`. A nil optional (even one boxed in `Any`) is written as `null`, and NaN or an infinity
    /// too.
    public static func data(_ object: Any, pretty: Bool = true) -> Data {
        JSONWriter.data(object, pretty: pretty)
    }

    /// `data` as a string.
    public static func string(_ object: Any, pretty: Bool = true) -> String {
        String(decoding: data(object, pretty: pretty), as: UTF8.self)
    }

    /// A time: ISO 8601, UTC, to the second (`2026-12-01T03:07:46Z`); durations have their own `_seconds` keys.
    public static func time(_ date: Date) -> String {
        // By hand: a format style costs a tenth of a millisecond per call, and a strip holds thousands of times.
        var t = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&t, &parts) != nil else { return date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt)) }
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let year = Int(parts.tm_year) + 1900
        let y = year >= 1000 ? "\(year)" : String(repeating: "0", count: max(0, 4 - "\(year)".count)) + "\(year)"
        return "\(y)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    /// Rounded to a tenth, for the ETA and elapsed time people read.
    static func tenths(_ x: Double) -> Double { (x * 10).rounded() / 10 }

    /// `value`, or `NSNull` for nil, so an unknown value is written as `null` instead of failing.
    public static func nullable<T>(_ value: T?) -> Any { value.map { $0 as Any } ?? NSNull() }
}
