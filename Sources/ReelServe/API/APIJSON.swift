import Foundation
import ReelRecords
import ReelQueue

/// The JSON shapes of `/api/v1` and the event stream: snake_case keys, ISO-8601 UTC times, seconds as numbers.
/// Jobs, segments and workers are `FarmJSON`'s, the shapes `reel … --json` prints too (docs/json.md).
/// Every string comes from the database or a user and is data, never markup: the pages set it with
/// `textContent` only.
enum APIJSON {
    /// One job with its progress, as the jobs page lists it.
    static func job(_ s: JobStatus, now: Date) -> [String: Any] { FarmJSON.jobSummary(s) }

    /// One segment of the strip.
    static func segment(_ s: Segment, now: Date) -> [String: Any] { FarmJSON.segment(s, now: now) }

    /// One worker, with its status as people read it (working, idle, draining, stopped, gone).
    static func worker(_ w: WorkerInfo, now: Date, goneAfter: Duration) -> [String: Any] {
        FarmJSON.worker(w, now: now, goneAfter: goneAfter)
    }

    static func event(_ e: QueueEvent) -> [String: Any] {
        var out: [String: Any] = ["id": e.id, "at": FarmJSON.time(e.at), "worker": FarmJSON.nullable(e.workerID), "message": FarmJSON.nullable(e.message)]
        switch e.change {
        case .job(let from, let to):
            out["subject"] = "job"; out["from"] = FarmJSON.nullable(from?.rawValue); out["to"] = to.rawValue
        case .segment(let index, let from, let to):
            out["subject"] = "segment"; out["segment"] = index; out["from"] = FarmJSON.nullable(from?.rawValue); out["to"] = to.rawValue
        }
        return out
    }

    /// One webhook delivery: where it stands, its attempts and the last answer (the receiver's words, data only).
    static func webhook(_ w: WebhookDelivery) -> [String: Any] {
        ["id": w.id, "url": w.url, "event": w.event, "state": w.state.rawValue, "attempts": w.attempts,
         "created_at": FarmJSON.time(w.createdAt), "next_attempt_at": w.state == .pending ? FarmJSON.time(w.nextAttemptAt) : NSNull(),
         "last_attempt_at": FarmJSON.nullable(w.lastAttemptAt.map(FarmJSON.time)), "last_status": FarmJSON.nullable(w.lastStatus),
         "last_response": FarmJSON.nullable(w.lastResponse), "delivered_at": FarmJSON.nullable(w.deliveredAt.map(FarmJSON.time))]
    }

    static func marks(_ m: TimelineMarks?) -> Any {
        guard let m else { return NSNull() }
        return ["frame_rate": m.frameRate,
                "transitions": m.transitions.map { ["start": $0.start, "end": $0.end, "kind": $0.kind] as [String: Any] }]
    }


    /// Serialises for the wire: sorted keys, `/` unescaped, nil, NaN and infinities as null (`FarmJSON.data`).
    static func data(_ object: Any) -> Data {
        FarmJSON.data(object, pretty: false)
    }
}
