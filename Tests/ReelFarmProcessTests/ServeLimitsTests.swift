import Foundation
import ReelTestSupport
import Testing
@testable import ReelQueue

extension FarmTests {
    /// The real `reel serve` against strangers on loopback: several clients are several source addresses
    /// (127.0.0.1, 127.0.0.2, …). Every loop is bounded; the numbers measured are printed.
    @Suite("Serve limits") struct ServeLimits {}
}

extension FarmTests.ServeLimits {
    @Test("event streams past 4 from one address or 32 in all are refused at once; /healthz and the API still answer")
    func streamCaps() async throws {
        try await Self.serving { _, serve in
            var held: [RawSocket] = []
            var accepted: [String: Int] = [:], refused: [Int] = []
            let plan = [("127.0.0.1", 128), ("127.0.0.2", 128)] + (3...9).map { ("127.0.0.\($0)", 4) }
            for (source, count) in plan {
                for _ in 0..<count {
                    let socket = try RawSocket(port: serve.port, from: source)
                    socket.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(serve.port)\r\n\r\n")
                    let reply = ServeReply(socket.read(until: "\r\n\r\n"))
                    if reply.status == 200 {
                        held.append(socket)
                        accepted[source, default: 0] += 1
                    } else {
                        refused.append(reply.status ?? 0)
                        #expect(reply.status.map { [429, 503].contains($0) } == true && reply.header("Retry-After") != nil,
                                "a stream from \(source) past the cap: \(reply)")
                    }
                }
            }
            #expect(accepted["127.0.0.1"] == 4 && accepted["127.0.0.2"] == 4, "\(accepted)")
            #expect(held.count == 32, "\(held.count) streams open at once")
            for source in ["127.0.0.1", "127.0.0.10"] {
                #expect(try serve.request("GET", "/healthz", from: source).status == 200, "/healthz from \(source)")
                #expect(try serve.request("GET", "/api/v1/jobs", from: source).status == 200, "the API from \(source)")
            }
            held.removeAll()   // the pages close: their slots come back as soon as the server sees the hang-up
            _ = try await TestProcess.waitFor("a stream slot to come back", timeout: .seconds(10), poll: .milliseconds(100)) {
                let socket = try RawSocket(port: serve.port, from: "127.0.0.1")
                socket.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(serve.port)\r\n\r\n")
                return ServeReply(socket.read(until: "\r\n\r\n")).status == 200 ? socket : nil
            }
        }
    }

    @Test("200 GETs of job ids that do not exist cost at most a statement each and leave nothing tracked")
    func missingJobIds() async throws {
        let admin = try PGConnection(url: try TestDatabase.url(), applicationName: "reel-serve-xact", schema: nil)
        let database = "reel_xact_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        try admin.execScript("CREATE DATABASE \(database)")
        defer { try? admin.execScript("DROP DATABASE IF EXISTS \(database) WITH (FORCE)") }
        var url = try #require(URLComponents(string: try TestDatabase.url()))
        url.path = "/" + database
        let farm = try await FarmFixture(databaseURL: try #require(url.url?.absoluteString))
        defer { farm.cleanup() }
        let serve = try await ServeProcess(farm)
        defer { serve.stop() }
        let commits = { () throws -> Int64 in
            try admin.exec("SELECT xact_commit FROM pg_stat_database WHERE datname = $1", [.text(database)])
                .rows.first?.int64("xact_commit") ?? -1
        }
        // Each window: what `body` sends, then 10 s in all; the server's own transactions in that database. A fixed
        // window is the measurement itself (the server's refreshes run on their own clock), not a wait for a condition.
        func window(_ body: () throws -> Void) async throws -> Int64 {
            let start = try commits(), began = ContinuousClock.now
            try body()
            try await Task.sleep(until: began + .seconds(10))
            return try commits() - start
        }
        let quiet = try await window { _ = try serve.request("GET", "/api/v1/jobs") }
        var statuses: [Int] = []
        let flood = try await window {
            for i in 0..<200 {
                let reply = try serve.request("GET", "/api/v1/jobs/\(10_000_000 + i)")
                statuses.append(reply.status ?? 0)
                if reply.status == 503 { #expect(reply.header("Retry-After") != nil, "\(reply)") }
            }
        }
        let after = try await window { _ = try serve.request("GET", "/api/v1/jobs") }
        let counted = Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count)
        #expect(statuses.allSatisfy { [404, 503].contains($0) } && (counted[404] ?? 0) > 0, "\(counted)")
        #expect(flood - quiet <= 200, "200 GETs of missing ids cost \(flood - quiet) transactions more than a quiet window")
        #expect(after - quiet <= 20, "the missing ids were tracked: \(after) transactions after, \(quiet) quiet")
    }

    @Test("wrong tokens are throttled per address (429, Retry-After); the right token is still accepted")
    func wrongTokens() async throws {
        try await Self.serving { farm, serve in
            let job = try Self.insertJob(farm)
            let priority = "/api/v1/jobs/\(job)/priority"
            var statuses: [Int] = []
            for i in 0..<50 {
                let reply = try serve.request("POST", priority, headers: [("Authorization", "Bearer wrong-\(i)")],
                                              body: #"{"priority": 1}"#)
                statuses.append(reply.status ?? 0)
                if reply.status == 429 { #expect(reply.header("Retry-After").flatMap { Int($0) }.map { $0 > 0 } == true) }
            }
            #expect(statuses.prefix(10).allSatisfy { $0 == 401 } && statuses.dropFirst(10).allSatisfy { $0 == 429 }, "\(statuses)")
            let right = try serve.request("POST", priority, headers: [serve.bearer], body: #"{"priority": 5}"#)
            #expect(right.status == 200, "the right token after 50 wrong ones: \(right)")
            #expect(try farm.queue().jobGet(job).priority == 5)
            let other = try serve.request("POST", priority, headers: [("Authorization", "Bearer nope")], from: "127.0.0.2")
            #expect(other.status == 401, "another address was throttled by the first one's failures: \(other)")

            let signIns = try (0..<12).map { _ in
                try serve.request("POST", "/api/v1/session", body: #"{"token": "guess"}"#, from: "127.0.0.3").status ?? 0
            }
            #expect(signIns.prefix(10).allSatisfy { $0 == 401 } && signIns.suffix(2).allSatisfy { $0 == 429 }, "\(signIns)")
            let signIn = try serve.request("POST", "/api/v1/session", body: "{\"token\": \"\(serve.token)\"}", from: "127.0.0.3")
            #expect(signIn.status == 200 && signIn.header("Set-Cookie")?.hasPrefix("reel_session=") == true,
                    "the right token could not sign in after 12 wrong ones: \(signIn)")
            for origin in ["http://evil.example", "null"] {
                let forged = try serve.request("POST", "/api/v1/session", headers: [("Origin", origin)],
                                               body: "{\"token\": \"\(serve.token)\"}", from: "127.0.0.4")
                #expect(forged.status == 403 && forged.header("Set-Cookie") == nil, "sign-in from Origin \(origin): \(forged)")
            }
        }
    }

    @Test("only this server's names are served (421 otherwise); a write needs this server's Origin, never null")
    func hostAndOrigin() async throws {
        try await Self.serving { farm, serve in
            let job = try Self.insertJob(farm)
            let port = serve.port
            let rebound = try serve.request("GET", "/api/v1/jobs", headers: [("Host", "evil.example:\(port)")])
            #expect(rebound.status == 421 && rebound.body.contains("Host"), "a rebound name read the API: \(rebound)")
            for host in ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)"] {
                #expect(try serve.request("GET", "/api/v1/jobs", headers: [("Host", host)]).status == 200, "Host: \(host)")
            }
            #expect(try serve.request("GET", "/healthz", headers: [("Host", "evil.example")]).status == 200, "the probe")
            let priority = "/api/v1/jobs/\(job)/priority", body = #"{"priority": 3}"#
            let refused: [([(String, String)], Int)] = [
                ([("Origin", "null")], 403),
                ([("Origin", "http://evil.example")], 403),
                ([("Origin", "http://127.0.0.1:1")], 403),
                ([("Origin", "http://evil.example:\(port)"), ("Host", "evil.example:\(port)")], 421),
            ]
            for (headers, status) in refused {
                let r = try serve.request("POST", priority, headers: [serve.bearer] + headers, body: body)
                #expect(r.status == status, "\(headers): \(r)")
            }
            #expect(try farm.queue().jobGet(job).priority == 0, "a refused write changed the job")
            for origin in ["http://127.0.0.1:\(port)", "http://localhost:\(port)"] {
                let r = try serve.request("POST", priority, headers: [serve.bearer, ("Origin", origin)], body: body)
                #expect(r.status == 200, "Origin \(origin): \(r)")
            }
        }
    }

    @Test("--public-url and --allow-host add names; an https public URL makes its origin ours and the cookie Secure")
    func publicURL() async throws {
        try await Self.serving(["--public-url", "https://reel.example.com", "--allow-host", "reel-serve"]) { _, serve in
            for (host, status) in [("reel.example.com", 200), ("reel-serve:8700", 200), ("other.example", 421)] {
                #expect(try serve.request("GET", "/api/v1/jobs", headers: [("Host", host)]).status == status, "Host: \(host)")
            }
            let token = "{\"token\": \"\(serve.token)\"}"
            let signIn = try serve.request("POST", "/api/v1/session", headers: [("Host", "reel.example.com"),
                                                                              ("Origin", "https://reel.example.com")], body: token)
            #expect(signIn.status == 200 && signIn.header("Set-Cookie")?.contains("; Secure") == true, "\(signIn.head)")
            let plain = try serve.request("POST", "/api/v1/session", headers: [("Host", "reel.example.com"),
                                                                             ("Origin", "http://reel.example.com")], body: token)
            #expect(plain.status == 403, "an http page signed in for an https server: \(plain)")
        }
    }

    @Test("a repeated Authorization header is refused; a 503 carries no database text, the log does")
    func repeatedHeadersAndDatabaseErrors() async throws {
        try await Self.serving { farm, serve in
            let job = try Self.insertJob(farm)
            for pair in [[("Authorization", "Bearer wrong"), serve.bearer], [serve.bearer, ("Authorization", "Bearer wrong")]] {
                let r = try serve.request("POST", "/api/v1/jobs/\(job)/cancel", headers: pair)
                #expect(r.status == 400 && r.body.contains("Authorization"), "\(pair.map(\.1)): \(r)")
            }
            #expect(try farm.queue().jobGet(job).state == .queued)

            let admin = try PGConnection(url: farm.databaseURL, applicationName: "reel-serve-break", schema: nil)
            try admin.execScript("ALTER TABLE \(try admin.quoteIdentifier(farm.schema)).jobs RENAME TO jobs_gone")
            let detail = try serve.request("GET", "/api/v1/jobs/\(job)")
            let overview = try serve.request("GET", "/api/v1/jobs")
            for (name, reply) in [("detail", detail), ("overview", overview)] {
                #expect(!["relation", "exist", "ERROR", farm.schema].contains { reply.body.contains($0) },
                        "\(name) shows the database's text: \(reply)")
            }
            #expect(detail.status == 503 && detail.body.contains("the database cannot be read"), "\(detail)")
            #expect(overview.body.contains(#""error":"the database cannot be read""#), "\(overview)")
            #expect(serve.child.stderr.contains("does not exist"), "the log lacks the cause:\n\(serve.child.tail())")
        }
    }

    /// Runs `body` with a fresh fixture and `reel serve` (with `arguments`) on it, and ends both.
    static func serving(_ arguments: [String] = [], _ body: (FarmFixture, ServeProcess) async throws -> Void) async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let serve = try await ServeProcess(farm, arguments: arguments)
        defer { serve.stop() }
        try await body(farm, serve)
    }

    /// A job of two queued segments in the fixture's schema, straight through the queue.
    static func insertJob(_ farm: FarmFixture) throws -> Int64 {
        let specs = (0..<2).map { i in
            SegmentSpec(index: i, frames: Int64(i) * 10..<Int64(i + 1) * 10, samples: Int64(i) * 16000..<Int64(i + 1) * 16000,
                        contentHash: "\(UUID().uuidString)-\(i)")
        }
        let spec = JobSpec(name: "steered", owner: "tester", composition: "{}", outputLocation: "/out/\(UUID().uuidString).mp4",
                           segments: specs)
        return try farm.queue().jobInsert(JobInsertParams(spec: spec)).jobID
    }
}
