import Foundation
import ReelFarm
import ReelModel
import ReelRecords
import ReelServe

extension FarmCommands {
    /// The options that the server decides for a job submitted through it; given with `--server`, they are refused
    /// rather than silently dropped.
    static let serverDecides = ["preset", "lossless", "encoder-threads", "overwrite", "max-attempts", "storage", "media-root", "output-root",
                                "media-map", "offline", "db", "schema"]

    /// `reel submit COMP -o NAME --server URL`: posts the composition to `URL/api/v1/jobs` (docs/api.md) and prints
    /// what `reel submit` prints. - Throws: `UsageError` for what the server refuses, with each problem at its path.
    static func submit(to server: String, _ path: String, output: String, _ parsed: Arguments) throws -> Int32 {
        if let given = serverDecides.first(where: { parsed.value($0) != nil || parsed.flag($0) }) {
            throw UsageError(message: "--\(given) is the server's to decide with --server")
        }
        let client = try APIRequest.client(server, parsed, command: "submit")
        let request = try RenderRequest.reading(path)
        var envelope: [JSONMember] = [
            JSONMember(key: "composition", value: try document(request, path: path)),
            JSONMember(key: "output", value: .string(output)),
            JSONMember(key: "name", value: .string(parsed.value("name") ?? (path as NSString).lastPathComponent)),
            JSONMember(key: "priority", value: .number(String(try parsed.int("priority", in: -1_000_000...1_000_000) ?? 0))),
        ]
        if let tags = parsed.value("tags") {
            envelope.append(JSONMember(key: "tags", value: .array(tags.split(separator: ",").map { .string(String($0)) })))
        }
        for (option, key) in [("segment-seconds", "segment_seconds"), ("range", "range"), ("webhook", "webhook")] {
            if let v = parsed.value(option) { envelope.append(JSONMember(key: key, value: .string(v))) }
        }
        let type = request.isOTIO ? "application/vnd.opentimelineio+json" : "application/json"
        let reply = try client.send("POST", "/api/v1/jobs", type: type, body: Data(JSONValue.object(envelope).utf8()))
        return try submitted(reply, server: server, json: parsed.flag("json"))
    }

    /// The composition file's JSON, read as the server will read it (OTIO leniently: its writers emit Inf and NaN).
    private static func document(_ request: RenderRequest, path: String) throws -> JSONValue {
        do { return try JSONParser.parse(request.document, lenient: request.isOTIO) } catch {
            throw UsageError(message: "\(path): not valid JSON: \(error)")
        }
    }

    /// Prints a 201 (or an idempotent 200) as `reel submit` does; any other answer is the server's message.
    private static func submitted(_ reply: APIClient.Reply, server: String, json: Bool) throws -> Int32 {
        let object = (try? JSONSerialization.jsonObject(with: reply.body)) as? [String: Any] ?? [:]
        guard reply.status == 201 || reply.status == 200 else {
            let problems = (object["problems"] as? [[String: Any]] ?? []).map { p in
                "\n  \(p["path"] as? String ?? ""): \(p["message"] as? String ?? "")"
            }
            let message = object["error"] as? String ?? String(decoding: reply.body.prefix(300), as: UTF8.self)
            throw APIClient.Failure(message: "\(server) answered \(reply.status): \(message)" + problems.joined())
        }
        let job = object["job"] as? [String: Any] ?? [:]
        let segments = object["segments"] as? [[String: Any]] ?? []
        guard let id = (job["id"] as? NSNumber)?.int64Value else {
            throw APIClient.Failure(message: "\(server) answered \(reply.status) without a job id")
        }
        try printSubmitted(job: id, segments: segments.count, reused: segments.filter { $0["state"] as? String == "done" }.count,
                           frames: (job["frames"] as? NSNumber)?.int64Value ?? 0, json: json)
        return 0
    }
}
