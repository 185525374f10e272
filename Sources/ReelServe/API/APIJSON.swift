import Foundation
import ReelFarm
import ReelQueue

/// The JSON shapes of `/api/v1` and the event stream: snake_case keys, ISO-8601 UTC times, seconds as numbers.
/// Every string comes from the database or a user and is data, never markup: the pages set it with
/// `textContent` only.
enum APIJSON {
    /// One job with its progress, as the jobs page lists it.
    static func job(_ s: JobStatus, now: Date) -> [String: Any] {
        let j = s.job
        return [
            "id": j.id, "name": j.name, "owner": j.owner, "state": j.state.rawValue, "priority": j.priority,
            "tags": j.requiredTags, "segments": j.segmentCount, "frames": j.frameCount,
            "frames_done": s.framesDone, "frames_rendered": s.framesRendered, "frames_in_progress": s.framesInProgress,
            "progress": j.frameCount > 0 ? Double(s.framesProgress) / Double(j.frameCount) : 0,
            "fps": APIJSON.opt(s.framesPerSecond), "eta_seconds": APIJSON.opt(s.eta.map(seconds)),
            "elapsed_seconds": APIJSON.opt(s.elapsed.map(seconds)), "tags_no_live_worker_has": s.tagsNoLiveWorkerHas,
            "stitch_seconds": APIJSON.opt(j.stitchDuration.map(seconds)), "output_bytes": APIJSON.opt(j.outputBytes),
            "segments_by_state": Dictionary(uniqueKeysWithValues: s.segmentsByState.map { ($0.key.rawValue, $0.value) }),
            "error": APIJSON.opt(j.error), "output": j.outputLocation, "stitch_attempt": j.stitchAttempt,
            "created_at": iso(j.createdAt), "started_at": APIJSON.opt(j.startedAt.map(iso)),
            "finished_at": APIJSON.opt(j.finishedAt.map(iso)), "failures": s.failures.count,
        ]
    }

    /// One segment of the strip.
    static func segment(_ s: Segment, now: Date) -> [String: Any] {
        [
            "id": s.id, "index": s.index, "frame_start": s.frames.lowerBound, "frame_end": s.frames.upperBound,
            "state": s.state.rawValue, "attempt": s.attempt, "max_attempts": s.maxAttempts,
            "worker": APIJSON.opt(s.leasedBy), "reused": s.reusedFrom != nil,
            "render_seconds": APIJSON.opt(s.stats.map { seconds($0.duration) }),
            "render_fps": APIJSON.opt(s.stats?.framesPerSecond), "progress_frames": s.progressFrames,
            "claimed_at": APIJSON.opt(s.claimedAt.map(iso)), "claim_wait_seconds": APIJSON.opt(s.claimWait.map(seconds)),
            "fps": APIJSON.opt(liveFPS(s, now: now)),
            "finished_at": APIJSON.opt(s.finishedAt.map(iso)),
            "errors": s.errors.map { ["attempt": $0.attempt, "message": $0.message, "worker": APIJSON.opt($0.workerID),
                                      "kind": $0.kind, "at": iso($0.at)] as [String: Any] },
        ]
    }

    /// A running segment's rate so far: its frames over the time since its claim; nil before the first frame.
    static func liveFPS(_ s: Segment, now: Date) -> Double? {
        guard s.state == .running, s.progressFrames > 0, let claimed = s.claimedAt, now > claimed else { return nil }
        return Double(s.progressFrames) / now.timeIntervalSince(claimed)
    }

    /// One worker, with its status as people read it (working, idle, draining, stopped, gone).
    static func worker(_ w: WorkerInfo, now: Date, goneAfter: Duration) -> [String: Any] {
        [
            "id": w.id, "host": w.host, "pid": w.pid, "version": w.version, "tags": w.tags,
            "state": w.status(now: now, goneAfter: goneAfter), "current_segment": APIJSON.opt(w.currentSegmentID),
            "fps": APIJSON.opt(w.recentFramesPerSecond), "segments_done": w.segmentsDone,
            "started_at": iso(w.startedAt), "last_seen_at": iso(w.lastSeenAt),
            "heartbeat_age_seconds": max(0, now.timeIntervalSince(w.lastSeenAt)),
        ]
    }

    static func event(_ e: QueueEvent) -> [String: Any] {
        var out: [String: Any] = ["id": e.id, "at": iso(e.at), "worker": APIJSON.opt(e.workerID), "message": APIJSON.opt(e.message)]
        switch e.change {
        case .job(let from, let to):
            out["subject"] = "job"; out["from"] = APIJSON.opt(from?.rawValue); out["to"] = to.rawValue
        case .segment(let index, let from, let to):
            out["subject"] = "segment"; out["segment"] = index; out["from"] = APIJSON.opt(from?.rawValue); out["to"] = to.rawValue
        }
        return out
    }

    static func marks(_ m: TimelineMarks?) -> Any {
        guard let m else { return NSNull() }
        return ["frame_rate": m.frameRate,
                "transitions": m.transitions.map { ["start": $0.start, "end": $0.end, "kind": $0.kind] as [String: Any] }]
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func iso(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .omitted))
    }

    /// Serialises for the wire: sorted keys, `/` unescaped, NaN and infinities as null.
    static func data(_ object: Any) -> Data {
        let clean = sanitize(object)
        return (try? JSONSerialization.data(withJSONObject: clean, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("null".utf8)
    }

    /// A value or JSON null.
    static func opt<T>(_ value: T?) -> Any { value.map { $0 as Any } ?? NSNull() }

    private static func sanitize(_ value: Any) -> Any {
        switch value {
        case let d as Double: return d.isFinite ? d : NSNull()
        case let dict as [String: Any]: return dict.mapValues(sanitize)
        case let list as [Any]: return list.map(sanitize)
        case let i as Int64: return NSNumber(value: i)
        default: return value
        }
    }
}
