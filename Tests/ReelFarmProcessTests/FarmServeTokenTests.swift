import Foundation
import ReelTestSupport
import Testing
@testable import ReelQueue

extension FarmTests {
    /// `reel serve --api-tokens` with curl: each user's bearer token steers only that user's jobs; another user's job
    /// answers 404; a revoked token 401; the operator's token file acts on any job; a signed-in page keeps its user.
    @Suite("Serve tokens") struct ServeTokens {}
}

extension FarmTests.ServeTokens {
    /// A job of one segment owned by `user`, inserted as the owner (no worker renders it).
    static func job(_ farm: FarmFixture, owner user: String) throws -> Int64 {
        let spec = JobSpec(name: "\(user)-job", owner: user, composition: "{}", outputLocation: "/out/\(user)-\(UUID().uuidString).mp4",
                           segments: [SegmentSpec(index: 0, frames: 0..<10, samples: 0..<16000,
                                                  contentHash: UUID().uuidString)])
        return try farm.queue().jobInsert(JobInsertParams(spec: spec, reuseParts: false)).jobID
    }

    /// `reel token create … --json` (with `extra` options): the token's id, its text and its webhook signing secret.
    static func token(_ farm: FarmFixture, user: String, scope: String,
                      extra: [String] = []) async throws -> (id: Int64, text: String, secret: String) {
        let out = try await farm.check(["token", "create", "--user", user, "--scope", scope, "--json"] + extra)
        let object = try #require(try TestJSON.parse(out.stdout) as? [String: Any])
        return (try #require((object["id"] as? NSNumber)?.int64Value), try #require(object["token"] as? String),
                try #require(object["webhook_secret"] as? String))
    }

    /// curl's status code and body for one request; `jar` keeps cookies between calls.
    static func curl(_ port: UInt16, _ method: String, _ path: String, bearer: String? = nil, headers: [String] = [],
                     body: String? = nil, jar: String? = nil) throws -> (status: Int, body: String) {
        var args = ["-s", "-X", method, "-w", "\n%{http_code}", "http://127.0.0.1:\(port)\(path)"]
        if let jar { args += ["-b", jar, "-c", jar] }
        if let bearer { args += ["-H", "Authorization: Bearer \(bearer)"] }
        for h in headers { args += ["-H", h] }
        if let body { args += ["-H", "Content-Type: application/json", "--data", body] }
        let out = try TestProcess.run("/usr/bin/curl", args, environment: [:], timeout: .seconds(20))
        let lines = out.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    @Test("editor1 steers its own job, gets 404 for editor2's; revoked is 401; the operator acts on any job")
    func ownershipOverHTTP() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let mine = try Self.job(farm, owner: "editor1"), theirs = try Self.job(farm, owner: "editor2")
        let editor1 = try await Self.token(farm, user: "editor1", scope: "submit")
        let serve = try await ServeProcess(farm, arguments: ["--api-tokens"])
        defer { serve.stop() }

        let cross = try Self.curl(serve.port, "POST", "/api/v1/jobs/\(theirs)/cancel", bearer: editor1.text)
        #expect(cross.status == 404 && cross.body.contains("job \(theirs) does not exist"), "\(cross)")
        let crossPriority = try Self.curl(serve.port, "POST", "/api/v1/jobs/\(theirs)/priority",
                                          bearer: editor1.text, body: #"{"priority": 9}"#)
        #expect(crossPriority.status == 404, "\(crossPriority)")
        #expect(try farm.queue().jobGet(theirs).state == .queued && farm.queue().jobGet(theirs).priority == 0)
        #expect(try farm.queue().segmentList(jobID: theirs).allSatisfy { $0.priority == 0 }, "no segment of theirs moved")

        let own = try Self.curl(serve.port, "POST", "/api/v1/jobs/\(mine)/cancel", bearer: editor1.text)
        #expect(own.status == 200 && own.body.contains("\"canceled\":true"), "\(own)")
        #expect(try farm.queue().jobGet(mine).state == .canceled)

        let operatorCancel = try Self.curl(serve.port, "POST", "/api/v1/jobs/\(theirs)/cancel", bearer: serve.token)
        #expect(operatorCancel.status == 200, "the token file is an admin: \(operatorCancel)")

        _ = try await farm.check(["token", "revoke", "\(editor1.id)"])
        let revoked = try Self.curl(serve.port, "POST", "/api/v1/jobs/\(mine)/retry", bearer: editor1.text)
        #expect(revoked.status == 401 && revoked.body.contains("wrong bearer token"), "\(revoked)")
        #expect(try farm.queue().jobGet(mine).state == .canceled, "nothing was retried")
    }

    @Test("a page signed in with an API token writes as that user")
    func sessionKeepsThePrincipal() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let theirs = try Self.job(farm, owner: "editor2"), mine = try Self.job(farm, owner: "editor1")
        let editor1 = try await Self.token(farm, user: "editor1", scope: "submit")
        let serve = try await ServeProcess(farm, arguments: ["--api-tokens"])
        defer { serve.stop() }
        let jar = farm.root.appendingPathComponent("cookies").path
        let signIn = try Self.curl(serve.port, "POST", "/api/v1/session",
                                   body: "{\"token\": \"\(editor1.text)\"}", jar: jar)
        #expect(signIn.status == 200, "\(signIn)")
        let csrf = try #require((try TestJSON.parse(signIn.body) as? [String: Any])?["csrf"] as? String)
        let cross = try Self.curl(serve.port, "POST", "/api/v1/jobs/\(theirs)/cancel",
                                  headers: ["X-Reel-CSRF: \(csrf)"], jar: jar)
        #expect(cross.status == 404, "\(cross)")
        let own = try Self.curl(serve.port, "POST", "/api/v1/jobs/\(mine)/cancel",
                                headers: ["X-Reel-CSRF: \(csrf)"], jar: jar)
        #expect(own.status == 200, "\(own)")
        let wrong = try Self.curl(serve.port, "POST", "/api/v1/session", body: #"{"token": "reel_nope"}"#)
        #expect(wrong.status == 401, "\(wrong)")
    }
}
