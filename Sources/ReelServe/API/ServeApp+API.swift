import Foundation
import ReelRecords
import ReelQueue

extension ServeApp {
    func api(_ request: HTTPRequest, method: String, parts: [String]) -> HTTPResponse {
        guard parts.first == "v1" else { return .error(404, "the API is at /api/v1/") }
        let p = Array(parts.dropFirst())
        switch (method, p.count, p.first) {
        case ("GET", 1, "jobs"): return reading(request) { jobs(request, view: $0) }
        case ("POST", 1, "jobs"): return submitJob(request)
        case ("GET", 1, "openapi.json"): return .bytes(Data(OpenAPIDocument.json.utf8), type: "application/json")
        case ("GET", 1, "workers"):
            return reading(request) { view in
                let s = hub.snapshot()
                return json(["at": FarmJSON.time(s.at), "workers": HubJSON.workers(s, view: view, goneAfter: hub.options.goneAfter)])
            }
        case ("GET", 1, "session"): return json(auth.describe(request))
        case ("POST", 1, "session"): return auth.signIn(request)
        case ("DELETE", 1, "session"): return auth.signOut(request)
        case (_, 2..., "jobs"):
            guard let id = Self.id(p[1]) else { return .error(404, "\"\(p[1])\" is not a job id") }
            return job(request, method: method, id: id, rest: Array(p.dropFirst(2)))
        default: return .error(404, "no such API address: \(request.path)")
        }
    }

    private func job(_ request: HTTPRequest, method: String, id: Int64, rest: [String]) -> HTTPResponse {
        switch (method, rest.count, rest.first) {
        case ("GET", 0, _): return reading(request) { jobDetail(id, view: $0) }
        case ("POST", 1, "cancel"), ("POST", 1, "retry"), ("POST", 1, "priority"):
            switch auth.authorize(request) {
            case .refused(let refusal): return refusal
            case .allowed(let principal): return write(rest[0], id: id, body: request.body, as: principal)
            }
        case ("GET", 1, "poster.jpg"): return reading(request) { poster(id, view: $0) }
        case ("GET", 3, "segments") where rest[2] == "thumbnail.jpg":
            guard let index = Int(rest[1]), index >= 0, rest[1].utf8.count <= 9 else { return .error(404, "no such segment") }
            return reading(request) { thumbnail(id, index: index, view: $0) }
        case (_, 1, "cancel"), (_, 1, "retry"), (_, 1, "priority"): return .error(405, "use POST")
        default: return .error(404, "no such API address: \(request.path)")
        }
    }


    /// The newest jobs, filtered: `state` (comma-separated), `q` (a case-insensitive part of the name), `limit`.
    private func jobs(_ request: HTTPRequest, view: JobView) -> HTTPResponse {
        if request.query.isEmpty && view == .all { return .bytes(hub.snapshot().overviewJSON, type: "application/json") }
        let states = Set((request.query["state"] ?? "").split(separator: ",").map(String.init))
        if let bad = states.first(where: { JobState(rawValue: $0) == nil }) {
            return .error(400, "unknown state \"\(bad)\"; one of \(JobState.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let q = (request.query["q"] ?? "").lowercased()
        var limit = 500
        if let text = request.query["limit"] {
            guard text.utf8.count <= 5, let n = Int(text), (1...10_000).contains(n) else {
                return .error(400, "limit must be a whole number from 1 to 10000")
            }
            limit = n
        }
        // Built from the snapshot itself, not by decoding its JSON: decoded numbers 0 and 1 are NSNumbers, which the
        // writer took for false and true (a filtered list answered "version": true).
        var all = HubJSON.overviewObject(hub.snapshot(), view: view)
        let jobs = ((all["jobs"] as? [[String: Any]]) ?? []).filter { j in
            (states.isEmpty || states.contains(j["state"] as? String ?? ""))
                && (q.isEmpty || (j["name"] as? String ?? "").lowercased().contains(q))
        }
        all["jobs"] = Array(jobs.prefix(limit))
        return json(all)
    }

    private func jobDetail(_ id: Int64, view: JobView) -> HTTPResponse {
        let found = hub.lookup(id)
        if case .found(let data, let owner) = found, view.sees(owner: owner) { return .bytes(data, type: "application/json") }
        return lookupRefusal(found, id: id) ?? .error(404, "job \(id) does not exist")
    }

    /// Cancel, retry or priority as `principal`: a submit-scoped one steers only its user's jobs, and another user's
    /// job answers 404 as a job nobody has (the queue's own statement holds the owner test, `JobAccess`).
    private func write(_ action: String, id: Int64, body: Data, as principal: Principal) -> HTTPResponse {
        guard let writer else { return .error(403, "this server is read-only") }
        do {
            let result: [String: Any]
            switch action {
            case "cancel": result = ["job": id, "canceled": try writer.jobCancel(id, as: principal)]
            case "retry": result = ["job": id, "requeued_segments": try writer.jobRetry(id, as: principal)]
            default:
                guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                      let value = object["priority"] as? Int, (-1_000_000...1_000_000).contains(value) else {
                    return .error(400, "send {\"priority\": n} with n from -1000000 to 1000000 (higher runs first)")
                }
                result = ["job": id, "priority": value,
                          "previous": try writer.jobPrioritySet(id, priority: value, as: principal)]
            }
            hub.kick()
            return json(result)
        } catch QueueError.jobNotFound {
            return .error(404, "job \(id) does not exist")
        } catch let QueueError.outputTaken(path) {
            return .error(409, "job \(id) cannot be retried: \(QueueError.outputTaken(path))")
        } catch QueueError.capReached(let refusal) {
            // A retry puts the job's failed and canceled frames back in the queue: held to the token's caps as a
            // submission is. One that no wait would let in is a conflict with the caps, not a request to repeat.
            return Self.capRefusal("job \(id) cannot be retried: \(refusal); nothing was requeued", refusal)
        } catch {
            log("\(action) failed: \(error)")
            return .error(503, "\(action) failed: the database cannot be written")
        }
    }

    private func thumbnail(_ id: Int64, index: Int, view: JobView) -> HTTPResponse {
        guard let images else { return .error(404, "this server has no part store (--storage)") }
        do {
            // The strip's own snapshot when a page watches the job: a page of 1,000 thumbnails costs no query each.
            let watched = hub.snapshot().details[id]
            if watched == nil, let busy = busy() { return busy }
            let job = try watched?.status.job ?? hub.queue.jobGet(id)
            guard view.sees(owner: job.owner) else { return .error(404, "job \(id) does not exist") }
            guard let segment = try (watched?.segments ?? hub.queue.segmentList(jobID: id)).first(where: { $0.index == index }),
                  segment.state == .done else { return .error(404, "segment \(index) of job \(id) is not done") }
            guard let data = images.thumbnail(job, segment) else { return .error(404, "no thumbnail for segment \(index)") }
            return .bytes(data, type: "image/jpeg", cache: "private, max-age=86400")
        } catch QueueError.jobNotFound {
            return .error(404, "job \(id) does not exist")
        } catch {
            return unreadable(error)
        }
    }

    private func poster(_ id: Int64, view: JobView) -> HTTPResponse {
        guard let images else { return .error(404, "this server has no part store (--storage)") }
        do {
            let watched = hub.snapshot().details[id]
            if watched == nil, let busy = busy() { return busy }
            let job = try watched?.status.job ?? hub.queue.jobGet(id)
            guard view.sees(owner: job.owner) else { return .error(404, "job \(id) does not exist") }
            guard job.state == .done else { return .error(404, "job \(id) is not done") }
            guard let data = images.poster(job, try watched?.segments ?? hub.queue.segmentList(jobID: id)) else {
                return .error(404, "job \(id) has no poster")
            }
            return .bytes(data, type: "image/jpeg", cache: "private, max-age=3600")
        } catch QueueError.jobNotFound {
            return .error(404, "job \(id) does not exist")
        } catch {
            return unreadable(error)
        }
    }

    /// A 503 when the API's reads of single jobs are spent (`FarmHub.spendLookup`); nil when one was spent.
    private func busy() -> HTTPResponse? {
        hub.spendLookup().map { Self.busy(retryAfter: $0) }
    }

    /// `body` with what `request` may see (`Auth.view`), or the refusal.
    func reading(_ request: HTTPRequest, _ body: (JobView) -> HTTPResponse) -> HTTPResponse {
        switch auth.view(request) {
        case .view(let view): return body(view)
        case .refused(let refusal): return refusal
        }
    }

    func json(_ object: Any) -> HTTPResponse { .bytes(APIJSON.data(object), type: "application/json") }
}
