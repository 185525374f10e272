import Foundation
import ReelTestSupport
import Testing
@testable import ReelQueue

extension FarmTests {
    /// `POST /api/v1/jobs` on the real `reel serve`, against the real PostgreSQL, with clips made by ffmpeg: the
    /// server validates and probes under its own media root and names outputs under its output root.
    @Suite("Submit API") struct SubmitAPI {}
}

extension FarmTests.SubmitAPI {
    /// One refusal: what is sent, and the status and words that must come back.
    struct Refusal: CustomStringConvertible {
        var label: String
        var headers: [(String, String)]
        var body: String
        var status: Int
        /// Words the answer holds; for a 422 the first is the path of a problem.
        var says: [String]
        var description: String { label }
    }

    @Test("a valid composition is queued: 201, its Location, and the job as GET /api/v1/jobs/{id} serves it")
    func aJobIsQueued() async throws {
        try await Self.serving { farm, serve, outputs in
            let body = Self.envelope(output: "spots/final.mp4", extra: #""name": "Spot 1", "priority": 7, "tags": ["cpu"]"#)
            let reply = try serve.request("POST", "/api/v1/jobs", headers: [serve.bearer, Self.json], body: body)
            #expect(reply.status == 201, "\(reply)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])
            let summary = try #require(object["job"] as? [String: Any], "\(reply)")
            let id = try #require((summary["id"] as? NSNumber)?.int64Value, "\(reply)")
            #expect(reply.header("Location") == "/api/v1/jobs/\(id)")
            #expect(summary["name"] as? String == "Spot 1" && summary["priority"] as? Int == 7, "\(summary)")
            #expect((object["segments"] as? [Any])?.isEmpty == false, "the job answers with its segments: \(object.keys.sorted())")
            let job = try farm.queue().jobGet(id)
            #expect(job.outputLocation == outputs.appendingPathComponent("spots/final.mp4").path)
            #expect(job.requiredTags == ["cpu"] && job.owner == "" && job.state == .queued)
            let again = try serve.request("GET", "/api/v1/jobs/\(id)")
            #expect(again.status == 200 && again.body.contains("\"name\":\"Spot 1\""), "\(again)")
        }
    }

    @Test("an OTIO timeline sent as application/vnd.opentimelineio+json is read as OTIO and queued")
    func anOTIOTimelineIsQueued() async throws {
        try await Self.serving { farm, serve, _ in
            let project = farm.root.appendingPathComponent("project")
            let composition = project.appendingPathComponent("comp.json"), otio = project.appendingPathComponent("comp.otio")
            try FarmMedia.composition.write(to: composition, atomically: true, encoding: .utf8)
            try await farm.check(["export-otio", composition.path, "-o", otio.path])
            let timeline = try String(contentsOf: otio, encoding: .utf8)
            let body = "{\"composition\": \(timeline), \"output\": \"from-otio.mp4\"}"
            let asOTIO = try serve.request("POST", "/api/v1/jobs", headers: [serve.bearer, ("Content-Type", FarmTests.SubmitAPI.otioType)],
                                           body: body)
            #expect(asOTIO.status == 201, "\(asOTIO)")
            let asComposition = try serve.request("POST", "/api/v1/jobs", headers: [serve.bearer, Self.json],
                                                  body: body.replacingOccurrences(of: "from-otio.mp4", with: "other.mp4"))
            #expect(asComposition.status == 422 && asComposition.body.contains("send it as application/vnd.opentimelineio+json"),
                    "an OTIO timeline sent as a composition: \(asComposition)")
            #expect(try farm.queue().jobList(JobListParams(limit: 10)).count == 1)
        }
    }

    @Test("hostile submissions are refused with their status and reason, and nothing is queued or written")
    func refusals() async throws {
        try await Self.serving { farm, serve, outputs in
            let first = try serve.request("POST", "/api/v1/jobs", headers: [serve.bearer, Self.json],
                                          body: Self.envelope(output: "taken.mp4"))
            #expect(first.status == 201, "\(first)")
            try FileManager.default.createSymbolicLink(atPath: outputs.appendingPathComponent("away").path, withDestinationPath: "/tmp")
            try FileManager.default.createSymbolicLink(atPath: outputs.appendingPathComponent("linked.mp4").path,
                                                       withDestinationPath: "/tmp/reel-api-linked.mp4")
            try Data("old".utf8).write(to: outputs.appendingPathComponent("exists.mp4"))
            let before = try Self.listing(farm.root)
            for refusal in Self.refusals(serve) {
                let reply = try serve.request("POST", "/api/v1/jobs" + (refusal.label == "a token in the query string"
                                                                        ? "?token=\(serve.token)" : ""),
                                              headers: refusal.headers, body: refusal.body)
                #expect(reply.status == refusal.status, "\(refusal): \(reply)")
                for words in refusal.says { #expect(reply.body.contains(words), "\(refusal): \(reply) should say \(words)") }
                #expect(!reply.body.contains(farm.root.path), "\(refusal) names the server's own folders: \(reply)")
                print("refused \(reply.status.map(String.init) ?? "-") \(refusal.label): \(reply.body.prefix(240))")
            }
            let big = try Self.oversized(serve)
            #expect(big.status == 413 && big.body.contains("larger than"), "an oversized body: \(big)")
            let jobs = try farm.queue().jobList(JobListParams(limit: 100))
            #expect(jobs.count == 1, "only the first job is queued: \(jobs.map(\.outputLocation))")
            #expect(try Self.listing(farm.root) == before, "a refusal wrote a file")
        }
    }

    /// The cases `refusals` sends, each with a valid token unless it is about the token.
    static func refusals(_ serve: ServeProcess) -> [Refusal] {
        let ok = [serve.bearer, json]
        func invalid(_ label: String, _ body: String, _ says: String...) -> Refusal {
            Refusal(label: label, headers: ok, body: body, status: 422, says: says)
        }
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        return [
            Refusal(label: "no token", headers: [json], body: envelope(output: "a.mp4"), status: 401, says: ["sign in"]),
            Refusal(label: "a wrong token", headers: [("Authorization", "Bearer wrong-wrong-wrong-wrong"), json],
                    body: envelope(output: "a.mp4"), status: 401, says: ["wrong bearer token"]),
            Refusal(label: "a token in the query string", headers: [json], body: envelope(output: "a.mp4"), status: 401,
                    says: ["sign in"]),
            Refusal(label: "a cross-site POST", headers: ok + [("Origin", "http://evil.example")],
                    body: envelope(output: "a.mp4"), status: 403, says: ["cross-origin write refused"]),
            Refusal(label: "Origin: null", headers: ok + [("Origin", "null")], body: envelope(output: "a.mp4"), status: 403,
                    says: ["Origin: null"]),
            Refusal(label: "text/plain", headers: [serve.bearer, ("Content-Type", "text/plain")],
                    body: envelope(output: "a.mp4"), status: 415, says: ["application/json"]),
            Refusal(label: "no Content-Type", headers: [serve.bearer], body: envelope(output: "a.mp4"), status: 415,
                    says: ["application/vnd.opentimelineio+json"]),
            Refusal(label: "a charset other than UTF-8", headers: [serve.bearer, ("Content-Type", "application/json; charset=latin1")],
                    body: envelope(output: "a.mp4"), status: 415, says: ["application/json"]),
            Refusal(label: "malformed JSON", headers: ok, body: "{\"output\": ", status: 400, says: ["the body is not JSON"]),
            Refusal(label: "a JSON bomb 600 deep", headers: ok, body: "{\"composition\": \(deep)}", status: 400,
                    says: ["the body is not JSON", "deep"]),
            Refusal(label: "an array body", headers: ok, body: "[1, 2]", status: 400, says: ["must be a JSON object"]),
            invalid("output with ..", envelope(output: "../escape.mp4"), "\"output\"", "'..'"),
            invalid("output climbing inside", envelope(output: "spots/../../escape.mp4"), "\"output\"", "'..'"),
            invalid("an absolute output", envelope(output: "/etc/cron.d/x.mp4"), "\"output\"", "is absolute"),
            invalid("output through a linked folder", envelope(output: "away/x.mp4"), "\"output\"", "outside the server's output root"),
            invalid("output that is a link", envelope(output: "linked.mp4"), "\"output\"", "symbolic link"),
            invalid("another active job's output", envelope(output: "taken.mp4"), "\"output\"", "already writes this file"),
            invalid("an existing file", envelope(output: "exists.mp4"), "\"output\"", "never replaces a file"),
            invalid("an output without a container", envelope(output: "x.txt"), "\"output\"", "extension"),
            invalid("a control character in output", envelope(output: "a\\u0001.mp4"), "\"output\"", "control characters"),
            invalid("an asset outside the media root", envelope(output: "a.mp4", assets: #"{"a": "/etc/passwd", "b": "media/b.mp4"}"#),
                    "\"composition.assets.a\"", "/etc/passwd lies outside the server's media roots\""),
            invalid("a missing asset, named as written (not under the server's folders)",
                    envelope(output: "a.mp4", assets: #"{"a": "media/none.mp4", "b": "media/b.mp4"}"#),
                    "\"composition.assets.a\"", "cannot open \\\"media/none.mp4\\\""),
            invalid("a binary floating-point time",
                    envelope(output: "a.mp4").replacingOccurrences(of: #""duration": "2.8""#, with: #""duration": 2.8"#),
                    "\"composition.videos[0].sourceRange.duration\""),
            invalid("a priority that is not a whole number", envelope(output: "a.mp4", extra: #""priority": 1e300"#), "\"priority\""),
            invalid("a tag that is a number", envelope(output: "a.mp4", extra: #""tags": [1]"#), "\"tags[0]\""),
            invalid("an unknown member", envelope(output: "a.mp4", extra: #""owner": "root""#), "\"owner\"", "unknown member"),
            invalid("a member given twice", envelope(output: "a.mp4", extra: #""output": "b.mp4""#), "given twice"),
            invalid("a reversed range", envelope(output: "a.mp4", extra: #""range": "3..1""#), "\"range\""),
            invalid("a range past the end", envelope(output: "a.mp4", extra: #""range": "30..40""#), "\"range\""),
            invalid("segment seconds that are no number", envelope(output: "a.mp4", extra: #""segment_seconds": "ten""#),
                    "\"segment_seconds\""),
            invalid("a webhook with an uppercase scheme (the queue stores only http:// and https://)",
                    envelope(output: "a.mp4", extra: #""webhook": "HTTPS://hooks.example.com/reel""#), "\"webhook\"", "in lowercase"),
            invalid("a webhook with credentials", envelope(output: "a.mp4", extra: #""webhook": "https://u:p@hooks.example.com/""#),
                    "\"webhook\"", "credentials"),
            invalid("no composition", #"{"output": "a.mp4"}"#, "\"composition\"", "missing"),
            invalid("every problem at once", #"{"composition": [], "output": 5, "priority": "high", "tags": "a"}"#,
                    "\"composition\"", "\"output\"", "\"priority\"", "\"tags\"", "4 problems"),
        ]
    }

    static let json = ("Content-Type", "application/json")
    static let otioType = "application/vnd.opentimelineio+json"

    /// The envelope of the farm tests' composition, its assets replaced by `assets` when given.
    static func envelope(output: String, assets: String? = nil, extra: String = "") -> String {
        var composition = FarmMedia.composition
        if let assets { composition = composition.replacingOccurrences(of: #"{ "a": "media/a.mp4", "b": "media/b.mp4" }"#, with: assets) }
        return "{\"composition\": \(composition), \"output\": \"\(output)\"" + (extra.isEmpty ? "" : ", \(extra)") + "}"
    }

    /// A head that announces a body of 3 MiB, one byte over nothing: the server answers 413 without reading it.
    static func oversized(_ serve: ServeProcess) throws -> ServeReply {
        let socket = try RawSocket(port: serve.port)
        socket.send("POST /api/v1/jobs HTTP/1.1\r\nHost: 127.0.0.1:\(serve.port)\r\nAuthorization: Bearer \(serve.token)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(3 << 20)\r\nConnection: close\r\n\r\n{")
        return ServeReply(socket.read())
    }

    /// Every path under `folder` (the logs aside) with its size: what a refusal must leave as it was.
    static func listing(_ folder: URL) throws -> [String: Int] {
        var out: [String: Int] = [:]
        let items = FileManager.default.enumerator(atPath: folder.path)
        while let item = items?.nextObject() as? String {
            guard !item.hasPrefix("logs") else { continue }
            let size = (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(item).path))?[.size]
            out[item] = (size as? NSNumber)?.intValue ?? -1
        }
        return out
    }

    /// The farm tests' clips under `project/media` (a media root: `project`) and an empty output root `out`.
    static func mediaAndOutputs(_ farm: FarmFixture) async throws -> (project: URL, outputs: URL) {
        let project = farm.root.appendingPathComponent("project")
        try await FarmMedia.makeClips(in: project.appendingPathComponent("media"), logs: farm.logs)
        let outputs = farm.root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        return (project, outputs)
    }

    /// A farm, its clips under `project/media` (the media root), an output root `out`, and `reel serve` taking jobs.
    static func serving(_ body: (FarmFixture, ServeProcess, URL) async throws -> Void) async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let (project, outputs) = try await mediaAndOutputs(farm)
        let serve = try await ServeProcess(farm, arguments: ["--media-root", project.path, "--output-root", outputs.path])
        defer { serve.stop() }
        try await body(farm, serve, outputs)
    }
}

extension FarmTests.SubmitAPI {
    @Test("Idempotency-Key: two concurrent curls queue one job; a retry answers it; another body with the key is 422")
    func idempotencyKeys() async throws {
        try await Self.serving { farm, serve, _ in
            let body = farm.root.appendingPathComponent("job.json")
            try Self.envelope(output: "once.mp4").write(to: body, atomically: true, encoding: .utf8)
            let key = "key-" + UUID().uuidString
            let (port, token, logs) = (serve.port, serve.token, farm.logs)
            async let a = Self.curl(port, token, body: body, key: key, logs: logs)
            async let b = Self.curl(port, token, body: body, key: key, logs: logs)
            let (first, second) = try await (a, b)
            let statuses = [first.status, second.status].sorted()
            #expect(statuses == [200, 201] || statuses == [201, 409], "two at once: \(first) / \(second)")
            #expect(try farm.queue().jobList(JobListParams(limit: 10)).count == 1, "two requests with one key queued two jobs")
            let retry = try await Self.curl(serve.port, serve.token, body: body, key: key, logs: farm.logs)
            let created = [first, second].first { $0.status == 201 }
            #expect(retry.status == 200 && retry.id != nil && retry.id == created?.id, "a retry: \(retry), first \(String(describing: created))")
            try Self.envelope(output: "other.mp4").write(to: body, atomically: true, encoding: .utf8)
            let other = try await Self.curl(serve.port, serve.token, body: body, key: key, logs: farm.logs)
            #expect(other.status == 422 && other.body.contains("used with another request"), "another body: \(other)")
            // A refused request lets its key go: the same key then works for the corrected request.
            let fresh = "key-" + UUID().uuidString
            try Self.envelope(output: "../bad.mp4").write(to: body, atomically: true, encoding: .utf8)
            #expect(try await Self.curl(serve.port, serve.token, body: body, key: fresh, logs: farm.logs).status == 422)
            try Self.envelope(output: "fixed.mp4").write(to: body, atomically: true, encoding: .utf8)
            #expect(try await Self.curl(serve.port, serve.token, body: body, key: fresh, logs: farm.logs).status == 201)
            let bad = try serve.request("POST", "/api/v1/jobs", headers: [serve.bearer, Self.json, ("Idempotency-Key", "has space")],
                                        body: Self.envelope(output: "spaced.mp4"))
            #expect(bad.status == 400 && bad.body.contains("visible ASCII"), "\(bad)")
            #expect(try farm.queue().jobList(JobListParams(limit: 10)).count == 2)
        }
    }

    @Test("two concurrent curls to one output without a key: one job is queued, the other is refused at output")
    func oneWriterPerOutput() async throws {
        try await Self.serving { farm, serve, _ in
            let body = farm.root.appendingPathComponent("job.json")
            try Self.envelope(output: "raced.mp4").write(to: body, atomically: true, encoding: .utf8)
            let (port, token, logs) = (serve.port, serve.token, farm.logs)
            async let a = Self.curl(port, token, body: body, key: nil, logs: logs)
            async let b = Self.curl(port, token, body: body, key: nil, logs: logs)
            let (first, second) = try await (a, b)
            #expect([first.status, second.status].sorted() == [201, 422], "\(first) / \(second)")
            #expect([first, second].contains { $0.body.contains("writes this file") }, "\(first) / \(second)")
            #expect(try farm.queue().jobList(JobListParams(limit: 10)).count == 1, "two active jobs publish to one file")
        }
    }

    /// What curl got: the status, the body and the job id in it.
    struct CurlReply: CustomStringConvertible {
        var status: Int
        var body: String
        var id: Int64? {
            ((try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any])
                .flatMap { (($0["job"] as? [String: Any])?["id"] as? NSNumber)?.int64Value }
        }
        var description: String { "\(status) \(body.prefix(200))" }
    }

    /// `curl -X POST` of the file `body` to the server on `port` with `token` and `Idempotency-Key: key` when given.
    static func curl(_ port: UInt16, _ token: String, body: URL, key: String?, logs: URL) async throws -> CurlReply {
        let out = try await TestProcess.check("/usr/bin/curl", [
            "-sS", "-X", "POST", "http://127.0.0.1:\(port)/api/v1/jobs", "-H", "Authorization: Bearer \(token)",
            "-H", "Content-Type: application/json", "--data-binary", "@\(body.path)", "-w", "\n%{http_code}",
        ] + (key.map { ["-H", "Idempotency-Key: \($0)"] } ?? []), logs: logs)
        let lines = out.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return CurlReply(status: Int(lines.last ?? "") ?? 0, body: lines.dropLast().joined(separator: "\n"))
    }
}

extension FarmTests.SubmitAPI {
    @Test("reel submit --server posts to the API and prints what reel submit --db prints; the server's refusals come back")
    func submitThroughTheServer() async throws {
        try await Self.serving { farm, serve, outputs in
            let composition = farm.root.appendingPathComponent("project/comp.json")
            try FarmMedia.composition.write(to: composition, atomically: true, encoding: .utf8)
            let token = ["REEL_TOKEN": serve.token]
            let server = ["--server", "http://127.0.0.1:\(serve.port)"]
            let viaServer = try await farm.run(["submit", composition.path, "-o", "cli/server.mp4", "--json"] + server,
                                               environment: token)
            let viaDatabase = try await farm.run(["submit", composition.path, "-o", outputs.appendingPathComponent("db.mp4").path,
                                                  "--json"])
            #expect(viaServer.status == 0 && viaDatabase.status == 0, "\(viaServer.stderr)\(viaDatabase.stderr)")
            let a = try #require(try JSONSerialization.jsonObject(with: Data(viaServer.stdout.utf8)) as? [String: Any])
            let b = try #require(try JSONSerialization.jsonObject(with: Data(viaDatabase.stdout.utf8)) as? [String: Any])
            #expect(Set(a.keys) == Set(b.keys) && a["segments"] as? Int == b["segments"] as? Int
                    && a["frames"] as? Int == b["frames"] as? Int, "server \(a), database \(b)")
            let id = try #require((a["job"] as? NSNumber)?.int64Value)
            #expect(try farm.queue().jobGet(id).outputLocation == outputs.appendingPathComponent("cli/server.mp4").path)
            let plain = try await farm.run(["submit", composition.path, "-o", "cli/plain.mp4"] + server, environment: token)
            #expect(plain.status == 0 && Int64(plain.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) != nil
                    && plain.stderr.contains("submitted job") && plain.stderr.contains("segments"), "\(plain.stdout)\(plain.stderr)")
            let refused = try await farm.run(["submit", composition.path, "-o", "../up.mp4"] + server, environment: token)
            #expect(refused.status == 1 && refused.stderr.contains("answered 422") && refused.stderr.contains("output: holds"),
                    "\(refused.stderr)")
            let noToken = try await farm.run(["submit", composition.path, "-o", "x.mp4"] + server)
            #expect(noToken.status == 2 && noToken.stderr.contains("REEL_TOKEN"), "\(noToken.stderr)")
            let serverOption = try await farm.run(["submit", composition.path, "-o", "x.mov", "--lossless"] + server,
                                                  environment: token)
            #expect(serverOption.status == 2 && serverOption.stderr.contains("--lossless is the server's"), "\(serverOption.stderr)")
            #expect(try farm.queue().jobList(JobListParams(limit: 10)).count == 3)
        }
    }
}
