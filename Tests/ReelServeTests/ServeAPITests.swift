import Foundation
import ReelTestSupport
import ReelQueue
import ReelServe
import Testing

/// The JSON API and who may write through it.
@Suite struct ServeAPITests {
    static let xss = "<img src=x onerror=alert(1)>"

    @Test("jobs come back as data in snake_case, filtered by state and name; the pages hold no database string")
    func jobsAndPages() throws {
        let serve = try ServeFixture()
        let a = try serve.insertJob(name: Self.xss)
        _ = try serve.insertJob(name: "Trailer v2")
        _ = try serve.queue.jobCancel(a)
        let all = try #require(try serve.json("/api/v1/jobs")["jobs"] as? [[String: Any]])
        #expect(all.count == 2)
        #expect(all.first { ($0["id"] as? Int) == Int(a) }?["name"] as? String == Self.xss)
        let canceled = try #require(try serve.json("/api/v1/jobs?state=canceled")["jobs"] as? [[String: Any]])
        #expect(canceled.map { $0["name"] as? String } == [Self.xss])
        let found = try #require(try serve.json("/api/v1/jobs?q=TRAILER")["jobs"] as? [[String: Any]])
        #expect(found.map { $0["name"] as? String } == ["Trailer v2"])
        #expect(try serve.request("GET", "/api/v1/jobs?state=bogus").status == 400)
        Self.assertSnakeCase(try serve.json("/api/v1/jobs"), path: "jobs")
        Self.assertSnakeCase(try serve.json("/api/v1/jobs/\(a)"), path: "job")
        for page in ["/", "/jobs/\(a)", "/workers"] {
            let html = try serve.request("GET", page)
            #expect(html.status == 200 && !html.body.contains("onerror") && !html.body.contains("Trailer"), "\(page)")
        }
        #expect(try serve.request("GET", "/api/v1/jobs/\(a + 100)").status == 404)
    }

    @Test("a filtered job list writes numbers as numbers: version 1 and a chart of zeros are not true and false")
    func filteredListKeepsNumbers() throws {
        let serve = try ServeFixture()
        _ = try serve.insertJob(name: "counted")
        for path in ["/api/v1/jobs", "/api/v1/jobs?limit=1", "/api/v1/jobs?q=count"] {
            let r = try serve.request("GET", path)
            #expect(r.status == 200 && r.body.range(of: #""version":[0-9]+"#, options: .regularExpression) != nil,
                    "\(path): \(r.body.prefix(120))")
            #expect(!r.body.contains("[false") && !r.body.contains(",false,"), "\(path): a number written as false")
        }
    }

    static func assertSnakeCase(_ value: Any, path: String) {
        if let object = value as? [String: Any] {
            for (key, inner) in object {
                #expect(key.range(of: "^[a-z][a-z0-9_]*$", options: .regularExpression) != nil, "\(path).\(key)")
                assertSnakeCase(inner, path: "\(path).\(key)")
            }
        } else if let list = value as? [Any] {
            list.forEach { assertSnakeCase($0, path: path + "[]") }
        }
    }

    @Test("writes need the bearer token, or a session cookie with its CSRF header, from this origin")
    func writesNeedTheToken() throws {
        let serve = try ServeFixture()
        let id = try serve.insertJob(name: "steered")
        let cancel = "/api/v1/jobs/\(id)/cancel"
        #expect(try serve.request("POST", cancel).status == 401)
        #expect(try serve.request("POST", cancel, headers: ["Authorization": "Bearer wrong-token-wrong-token"]).status == 401)
        #expect(try serve.request("POST", cancel, headers: ["Authorization": "Bearer \(serve.token)",
                                                            "Origin": "http://evil.example"]).status == 403)
        #expect(try serve.request("GET", cancel).status == 405)
        #expect(try serve.queue.jobGet(id).state == .queued, "a refused write changed the job")

        let (cookie, csrf) = try #require(try Self.signIn(serve))
        #expect(try serve.request("POST", cancel, headers: ["Cookie": cookie]).status == 403, "no CSRF header")
        #expect(try serve.request("POST", cancel, headers: ["Cookie": cookie, "X-Reel-CSRF": "nope"]).status == 403)
        #expect(try serve.request("POST", cancel, headers: ["Cookie": cookie, "X-Reel-CSRF": csrf]).status == 200)
        #expect(try serve.queue.jobGet(id).state == .canceled)
        let retry = try serve.request("POST", "/api/v1/jobs/\(id)/retry", headers: ["Authorization": "Bearer \(serve.token)"])
        #expect(retry.status == 200 && retry.body.contains("\"requeued_segments\":4"), "\(retry.body)")
        for bad in ["{}", "{\"priority\": \"high\"}", "{\"priority\": 1e300}", "{\"priority\": 99999999999}", "[", ""] {
            let r = try serve.request("POST", "/api/v1/jobs/\(id)/priority", headers: ["Authorization": "Bearer \(serve.token)"],
                                      body: bad)
            #expect(r.status == 400, "priority body \(bad): \(r.status)")
        }
        let p = try serve.request("POST", "/api/v1/jobs/\(id)/priority", headers: ["Authorization": "Bearer \(serve.token)"],
                                  body: "{\"priority\": 9}")
        let priority = try serve.queue.jobGet(id).priority
        #expect(p.status == 200 && priority == 9)
    }

    /// Signs in on a raw connection: the `reel_session=…` pair from Set-Cookie and the session's CSRF token.
    static func signIn(_ serve: ServeFixture) throws -> (String, String)? {
        let client = try RawSocket(port: serve.port)
        let body = "{\"token\": \"\(serve.token)\"}"
        client.send("POST /api/v1/session HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let text = String(decoding: client.read() ?? Data(), as: UTF8.self)
        guard let line = text.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("set-cookie:") }),
              let cookie = line.dropFirst("set-cookie:".count).split(separator: ";").first,
              let body = text.range(of: "\r\n\r\n").map({ Data(text[$0.upperBound...].utf8) }),
              let csrf = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["csrf"] as? String else { return nil }
        return (cookie.trimmingCharacters(in: .whitespaces), csrf)
    }

    @Test("--read-only serves no write at all, not even sign-in; wrong tokens are throttled")
    func readOnlyAndThrottle() throws {
        let ro = try ServeFixture(readOnly: true)
        let id = try ro.insertJob(name: "watched")
        for action in ["cancel", "retry", "priority"] {
            #expect(try ro.request("POST", "/api/v1/jobs/\(id)/\(action)", headers: ["Authorization": "Bearer \(ro.token)"])
                .status == 403)
        }
        #expect(try ro.request("POST", "/api/v1/session", body: "{\"token\": \"\(ro.token)\"}").status == 403)
        #expect(try ro.json("/api/v1/session")["writable"] as? Bool == false)
        #expect(try ro.queue.jobGet(id).state == .queued)

        let serve = try ServeFixture()
        let statuses = try (0..<12).map { _ in try serve.request("POST", "/api/v1/session", body: "{\"token\": \"guess\"}").status }
        #expect(statuses.prefix(10).allSatisfy { $0 == 401 } && statuses.suffix(2).allSatisfy { $0 == 429 }, "\(statuses)")
    }
}
