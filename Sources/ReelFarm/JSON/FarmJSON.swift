import Foundation
import ReelQueue

/// The JSON shapes of the farm's records, shared by every `--json` output of the CLI and by the HTTP API
/// (`/api/v1`), so both speak one style (docs/json.md):
/// - keys are snake_case (`^[a-z][a-z0-9_]*$`);
/// - times are ISO 8601 in UTC with milliseconds (`2026-12-01T03:07:46.123Z`), durations are seconds
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
         "stitch_attempt": job.stitchAttempt, "created_at": time(job.createdAt),
         "started_at": nullable(job.startedAt.map(time)), "finished_at": nullable(job.finishedAt.map(time))]
    }

    /// One job's progress: the job, segments by state (every state present), frames, fps, ETA, failures.
    public static func status(_ s: JobStatus) -> [String: Any] {
        ["job": job(s.job),
         "segments_by_state": Dictionary(uniqueKeysWithValues: s.segmentsByState.map { ($0.key.rawValue, $0.value) }),
         "frames_done": s.framesDone, "fps": nullable(s.framesPerSecond),
         "eta_seconds": nullable(s.eta.map(seconds)),
         "failures": s.failures.map(failure)]
    }

    /// One failed attempt of one segment.
    public static func failure(_ f: SegmentFailure) -> [String: Any] {
        ["segment": f.segmentIndex, "attempt": f.attempt, "message": f.message, "worker_id": nullable(f.workerID),
         "at": time(f.at)]
    }

    /// A registered worker. `state` is `WorkerInfo.status`: working, idle, draining, stopped, or gone after
    /// `goneAfter` without a heartbeat (two minutes: heartbeats come every quarter lease, 15 s by default).
    public static func worker(_ w: WorkerInfo, now: Date, goneAfter: Duration = .seconds(120)) -> [String: Any] {
        ["id": w.id, "host": w.host, "pid": w.pid, "version": w.version, "tags": w.tags,
         "state": w.status(now: now, goneAfter: goneAfter), "started_at": time(w.startedAt),
         "last_seen_at": time(w.lastSeenAt), "last_seen_seconds_ago": max(0, now.timeIntervalSince(w.lastSeenAt)),
         "current_segment": nullable(w.currentSegmentID), "fps": nullable(w.recentFramesPerSecond),
         "segments_done": w.segmentsDone]
    }

    /// One segment of a job: its frames `[start, end)`, state, lease and attempts, and how it was rendered.
    public static func segment(_ s: Segment, now: Date) -> [String: Any] {
        let leaseLeft = s.state == .running ? s.leaseExpiresAt.map { max(0, $0.timeIntervalSince(now)) } : nil
        return ["id": s.id, "job_id": s.jobID, "index": s.index, "state": s.state.rawValue,
                "frames": [s.frames.lowerBound, s.frames.upperBound], "frame_count": s.frames.count64,
                "samples": [s.samples.lowerBound, s.samples.upperBound], "content_hash": s.contentHash,
                "priority": s.priority, "attempt": s.attempt, "max_attempts": s.maxAttempts,
                "leased_by": nullable(s.leasedBy), "lease_expires_at": nullable(s.leaseExpiresAt.map(time)),
                "lease_seconds_left": nullable(leaseLeft), "scheduled_at": time(s.scheduledAt),
                "errors": s.errors.map { e in
                    ["attempt": e.attempt, "message": e.message, "worker_id": nullable(e.workerID), "at": time(e.at)]
                },
                "part": nullable(s.partLocation), "reused_from": nullable(s.reusedFrom),
                "render_seconds": nullable(s.stats.map { seconds($0.duration) }),
                "fps": nullable(s.stats?.framesPerSecond), "finished_at": nullable(s.finishedAt.map(time))]
    }
}

extension FarmJSON {
    /// The one serialization: sorted keys, `/` left unescaped, optionally pretty-printed.
    /// - Throws: when `object` holds something JSON cannot carry.
    public static func data(_ object: Any, pretty: Bool = true) throws -> Data {
        var options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]
        if pretty { options.insert(.prettyPrinted) }
        return try JSONSerialization.data(withJSONObject: object, options: options)
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

    /// A time: ISO 8601, UTC, milliseconds (`2026-12-01T03:07:46.123Z`).
    public static func time(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }

    /// A duration in seconds, with its fraction.
    public static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// `value`, or `NSNull` for nil, so an unknown value is written as `null` instead of failing.
    public static func nullable<T>(_ value: T?) -> Any { value.map { $0 as Any } ?? NSNull() }
}
