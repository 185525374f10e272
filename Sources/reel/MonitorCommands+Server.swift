import Foundation
import ReelQueue
import ReelRecords
import ReelServe

/// `reel jobs`, `status`, `watch`, `cancel` and `retry` with `--server`: the same records through `reel serve`'s API
/// (docs/api.md) instead of the database, read back into `Job` and `JobStatus` (`FarmJSON.readJob`), so that each
/// command prints what it prints with `--db`. The token decides what is seen: a submit token sees and steers only its
/// user's jobs, and another user's job is "not found", as a job nobody has.
extension FarmCommands {
    /// The API client when `--server` (or `REEL_SERVER`) names one; nil: the database.
    static func server(_ parsed: Arguments, command: String) throws -> APIClient? {
        guard let server = parsed.value("server"), !server.isEmpty else { return nil }
        return try APIRequest.client(server, parsed, command: command)
    }

    /// The newest jobs, filtered as `reel jobs` filters them (`GET /api/v1/jobs?state=…&limit=…`).
    static func serverJobs(_ client: APIClient, states: [JobState], limit: Int) throws -> [Job] {
        var query = "limit=\(limit)"
        if !states.isEmpty { query += "&state=" + states.map(\.rawValue).joined(separator: ",") }
        let object = try answer(client.send("GET", "/api/v1/jobs?" + query), client, job: nil)
        guard let list = object["jobs"] as? [[String: Any]] else {
            throw APIClient.Failure(message: "\(client.base) answered a job list without \"jobs\"")
        }
        return try list.enumerated().map { i, o in
            do { return try FarmJSON.readJob(o, at: "jobs[\(i)]") } catch { throw APIClient.Failure(message: "\(client.base): \(error)") }
        }
    }

    /// One job's progress (`GET /api/v1/jobs/{id}`).
    static func serverStatus(_ client: APIClient, _ id: Int64) throws -> JobStatus {
        let object = try answer(client.send("GET", "/api/v1/jobs/\(id)"), client, job: id)
        do { return try FarmJSON.readStatus(object) } catch { throw APIClient.Failure(message: "\(client.base): \(error)") }
    }

    /// `POST /api/v1/jobs/{id}/cancel`: whether the job was active.
    static func serverCancel(_ client: APIClient, _ id: Int64) throws -> Bool {
        let object = try answer(client.send("POST", "/api/v1/jobs/\(id)/cancel"), client, job: id)
        guard let canceled = object["canceled"] as? Bool else {
            throw APIClient.Failure(message: "\(client.base) answered a cancel without \"canceled\"")
        }
        return canceled
    }

    /// `POST /api/v1/jobs/{id}/retry`: the segments requeued.
    static func serverRetry(_ client: APIClient, _ id: Int64) throws -> Int {
        let object = try answer(client.send("POST", "/api/v1/jobs/\(id)/retry"), client, job: id)
        guard let count = (object["requeued_segments"] as? NSNumber)?.intValue else {
            throw APIClient.Failure(message: "\(client.base) answered a retry without \"requeued_segments\"")
        }
        return count
    }

    /// A 200's JSON object. A 404 for `job` is the queue's own "job N not found"; any other answer is the server's
    /// message with its status.
    private static func answer(_ reply: APIClient.Reply, _ client: APIClient, job: Int64?) throws -> [String: Any] {
        let object = (try? JSONSerialization.jsonObject(with: reply.body)) as? [String: Any]
        if reply.status == 404, let job { throw QueueError.jobNotFound(job) }
        guard reply.status == 200, let object else {
            let message = object?["error"] as? String ?? String(decoding: reply.body.prefix(300), as: UTF8.self)
            throw APIClient.Failure(message: "\(client.base) answered \(reply.status): \(message)")
        }
        return object
    }
}
