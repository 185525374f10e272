import Foundation
import ReelTestSupport
import Testing
@testable import ReelQueue

extension FarmTests.ServeTokens {
    /// The ids of the jobs in an overview or job list answer.
    static func listedJobs(_ json: String) throws -> Set<Int64> {
        let object = try #require(try TestJSON.parse(json) as? [String: Any], "\(json.prefix(300))")
        let jobs = try #require(object["jobs"] as? [[String: Any]], "\(json.prefix(300))")
        return Set(jobs.compactMap { ($0["id"] as? NSNumber)?.int64Value })
    }

    /// The job ids of every `overview` event in `seconds` of `/events` (curl stops it), and whether a `job` event came.
    static func streamed(_ port: UInt16, _ path: String, bearer: String, seconds: Int = 3) throws -> (status: Int, jobs: Set<Int64>) {
        let out = try TestProcess.run("/usr/bin/curl", ["-s", "-N", "--max-time", "\(seconds)", "-w", "\n%{http_code}",
                                                        "-H", "Authorization: Bearer \(bearer)", "http://127.0.0.1:\(port)\(path)"],
                                      timeout: .seconds(seconds + 20))
        let lines = out.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        var jobs = Set<Int64>()
        var event = ""
        for line in lines {
            if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
            if line.hasPrefix("data: "), event == "overview" { jobs.formUnion(try listedJobs(String(line.dropFirst(6)))) }
        }
        return (Int(lines.last ?? "") ?? 0, jobs)
    }

    @Test("with --api-tokens reads need a token: a submit token sees only its user's jobs in the list, the detail, the pictures and the event stream; /metrics is the operators'")
    func readsFollowOwnership() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let mine = try Self.job(farm, owner: "editor1"), theirs = try Self.job(farm, owner: "editor2")
        let editor1 = try await Self.token(farm, user: "editor1", scope: "submit")
        let ops = try await Self.token(farm, user: "ops", scope: "operate")
        let serve = try await ServeProcess(farm, arguments: ["--api-tokens", "--storage", farm.root.appendingPathComponent("store").path])
        defer { serve.stop() }
        let port = serve.port

        let anonymous = try serve.request("GET", "/api/v1/jobs")
        #expect(anonymous.status == 401 && anonymous.header("WWW-Authenticate")?.hasPrefix("Bearer") == true
                && anonymous.body.contains("sign in with a token"), "\(anonymous) \(anonymous.head)")
        for path in ["/api/v1/jobs/\(mine)", "/api/v1/workers", "/events", "/metrics", "/api/v1/jobs/\(mine)/poster.jpg"] {
            #expect(try Self.curl(port, "GET", path).status == 401, "\(path) answered without a token")
        }
        #expect(try Self.curl(port, "GET", "/api/v1/jobs", bearer: "reel_made-up-token-0123456789").status == 401)
        #expect(try Self.curl(port, "GET", "/healthz").status == 200 && Self.curl(port, "GET", "/").status == 200,
                "the probe and the pages stay open")

        // The operator's view holds both; wait for the snapshot to.
        let all = try await TestProcess.waitFor("the snapshot to hold both jobs", timeout: .seconds(30)) {
            let r = try Self.curl(port, "GET", "/api/v1/jobs", bearer: ops.text)
            return try r.status == 200 && Self.listedJobs(r.body).isSuperset(of: [mine, theirs]) ? r : nil
        }
        #expect(all.status == 200)
        let own = try Self.curl(port, "GET", "/api/v1/jobs", bearer: editor1.text)
        #expect(try own.status == 200 && Self.listedJobs(own.body) == [mine], "\(own)")
        let filtered = try Self.curl(port, "GET", "/api/v1/jobs?state=queued", bearer: editor1.text)
        #expect(try Self.listedJobs(filtered.body) == [mine], "\(filtered)")
        #expect(try Self.curl(port, "GET", "/api/v1/jobs/\(mine)", bearer: editor1.text).status == 200)
        for path in ["/api/v1/jobs/\(theirs)", "/api/v1/jobs/\(theirs)/poster.jpg", "/api/v1/jobs/\(theirs)/segments/0/thumbnail.jpg",
                     "/events?job=\(theirs)"] {
            let r = try Self.curl(port, "GET", path, bearer: editor1.text)
            #expect(r.status == 404 && r.body.contains("job \(theirs) does not exist"), "\(path): \(r)")
        }
        let stream = try Self.streamed(port, "/events", bearer: editor1.text)
        #expect(stream.jobs == [mine], "editor1's event stream carried \(stream.jobs)")
        let opsStream = try Self.streamed(port, "/events", bearer: ops.text)
        #expect(opsStream.jobs.isSuperset(of: [mine, theirs]), "the operator's stream carried \(opsStream.jobs)")
        let metrics = try Self.curl(port, "GET", "/metrics", bearer: editor1.text)
        #expect(metrics.status == 403 && metrics.body.contains("operate or admin"), "\(metrics)")
        #expect(try Self.curl(port, "GET", "/metrics", bearer: ops.text).status == 200)
        #expect(try Self.curl(port, "GET", "/metrics", bearer: serve.token).status == 200, "the operator's token file")

        // A page signed in as editor1 reads as editor1.
        let jar = farm.root.appendingPathComponent("cookies").path
        #expect(try Self.curl(port, "POST", "/api/v1/session", body: "{\"token\": \"\(editor1.text)\"}", jar: jar).status == 200)
        let page = try Self.curl(port, "GET", "/api/v1/jobs", jar: jar)
        #expect(try page.status == 200 && Self.listedJobs(page.body) == [mine], "\(page)")
        let session = try Self.curl(port, "GET", "/api/v1/session", jar: jar)
        #expect(session.body.contains("\"reads_need_sign_in\":true") && session.body.contains("\"signed_in\":true"), "\(session)")
    }
}
