import Foundation
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
         "stitch_attempt": job.stitchAttempt, "stitch_seconds": nullable(job.stitchDuration.map(seconds)),
         "stitched_segments": job.stitchedSegments,
         "output_bytes": nullable(job.outputBytes), "created_at": time(job.createdAt),
         "started_at": nullable(job.startedAt.map(time)), "finished_at": nullable(job.finishedAt.map(time))]
    }

    /// One job's progress: the job, segments by state (every state present), frames (done, in progress,
    /// rendered), the recent fps, ETA and elapsed time, tags no live worker has, and every failed attempt.
    public static func status(_ s: JobStatus) -> [String: Any] {
        ["job": job(s.job),
         "segments_by_state": Dictionary(uniqueKeysWithValues: s.segmentsByState.map { ($0.key.rawValue, $0.value) }),
         "frames_done": s.framesDone, "frames_in_progress": s.framesInProgress, "frames_progress": s.framesProgress,
         "frames_rendered": s.framesRendered, "fps": nullable(s.framesPerSecond),
         "eta_seconds": nullable(s.eta.map { tenths(seconds($0)) }),
         "elapsed_seconds": nullable(s.elapsed.map { tenths(seconds($0)) }),
         "stitch_tail_seconds": nullable(s.stitchTail.map(seconds)),
         "tags_no_live_worker_has": s.tagsNoLiveWorkerHas, "failures": s.failures.map(failure)]
    }

    /// A job with its progress in one flat object, as the jobs page and `/api/v1/jobs` list it
    /// (`failures` is a count here; `status` has the list).
    public static func jobSummary(_ s: JobStatus) -> [String: Any] {
        var o = job(s.job)
        let progress = s.job.frameCount > 0 ? Double(s.framesProgress) / Double(s.job.frameCount) : 0
        let extra: [String: Any] = [
            "frames_done": s.framesDone, "frames_rendered": s.framesRendered, "frames_in_progress": s.framesInProgress,
            "progress": progress, "fps": nullable(s.framesPerSecond), "eta_seconds": nullable(s.eta.map(seconds)),
            "elapsed_seconds": nullable(s.elapsed.map(seconds)), "tags_no_live_worker_has": s.tagsNoLiveWorkerHas,
            "stitch_tail_seconds": nullable(s.stitchTail.map(seconds)),
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
         "render_seconds": nullable(s.stats.map { seconds($0.duration) }), "render_fps": nullable(s.stats?.framesPerSecond),
         "progress_frames": s.progressFrames, "claimed_at": nullable(s.claimedAt.map(time)),
         "claim_wait_seconds": nullable(s.claimWait.map(seconds)), "fps": nullable(s.liveFramesPerSecond(now: now)),
         "finished_at": nullable(s.finishedAt.map(time)),
         "errors": s.errors.map { e -> [String: Any] in
             ["attempt": e.attempt, "message": e.message, "worker": nullable(e.workerID), "kind": e.kind, "at": time(e.at)]
         }]
    }
}

extension FarmJSON {
    /// The one serialization: sorted keys, `/` left unescaped, optionally pretty-printed.
    /// - Throws: when `object` holds something JSON cannot carry.
    /// A nil optional (even one boxed in `Any`) is written as `null`, and NaN or an infinity too.
    public static func data(_ object: Any, pretty: Bool = true) throws -> Data {
        if !pretty { return JSONWriter.data(object) }
        var options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]
        if pretty { options.insert(.prettyPrinted) }
        return try JSONSerialization.data(withJSONObject: sanitize(object), options: options)
    }

    /// The common types first: reflection (for an Optional hidden in `Any`) is slow, and the web view encodes
    /// tens of thousands of values per snapshot.
    private static func sanitize(_ value: Any) -> Any {
        switch value {
        case is String, is Int, is Bool, is NSNull: return value
        case let d as Double: return d.isFinite ? d : NSNull()
        case let dict as [String: Any]: return dict.mapValues(sanitize)
        case let list as [Any]: return list.map(sanitize)
        case let i as Int64: return NSNumber(value: i)
        default: break
        }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let inner = mirror.children.first?.value else { return NSNull() }
            return sanitize(inner)
        }
        return value
    }

    /// `data` as a string.
    public static func string(_ object: Any, pretty: Bool = true) throws -> String {
        String(decoding: try data(object, pretty: pretty), as: UTF8.self)
    }

    /// An `Encodable` value in the same style: snake_case keys are the type's own coding keys (this
    /// encoder converts nothing), times as `time(_:)`, sorted keys, `/` unescaped.
    public static func encode<T: Encodable>(_ value: T, pretty: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(time(date))
        }
        return try encoder.encode(value)
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

    /// A duration in seconds, with its fraction.
    public static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// `value`, or `NSNull` for nil, so an unknown value is written as `null` instead of failing.
    public static func nullable<T>(_ value: T?) -> Any { value.map { $0 as Any } ?? NSNull() }
}
