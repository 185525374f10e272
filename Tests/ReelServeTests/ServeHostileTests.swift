import Foundation
import ReelTestSupport
import Testing
import ReelServe

/// What strangers send: malformed, oversized, slow and too many requests. The server answers each with an
/// error or closes the connection, never crashes, and keeps serving everyone else.
@Suite("Hostile HTTP") struct ServeHostileTests {
    static let malformed: [(String, String)] = [
        ("garbage", "GARBAGE\r\n\r\n"),
        ("no version", "GET /\r\n\r\n"),
        ("unknown method", "BREW /api/v1/jobs HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("header without colon", "GET / HTTP/1.1\r\nHost x\r\nnonsense\r\n\r\n"),
        ("bad percent escape", "GET /events?job=%zz HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("HTTP/9", "GET / HTTP/9.9\r\nHost: x\r\n\r\n"),
        ("a negative length", "POST /api/v1/session HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n"),
        ("a huge length", "POST /api/v1/session HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n"),
    ]

    @Test("malformed requests get an error or a closed connection, and the server keeps serving")
    func malformed() throws {
        var limits = HTTPLimits()
        limits.idleTimeoutSeconds = 2
        let serve = try ServeFixture(limits: limits)
        for (name, text) in Self.malformed {
            let client = try RawSocket(port: serve.port)
            client.send(text)
            let reply = client.read()
            let status = RawSocket.status(reply)
            #expect(reply != nil, "\(name): no answer and no close within the read timeout")
            #expect(status == nil || status! >= 400, "\(name): answered \(String(describing: status)): \(String(decoding: reply ?? Data(), as: UTF8.self).prefix(300))")
        }
        // A NUL ends the path as libmicrohttpd hands it over: what follows is never seen, nothing traps.
        let nul = try RawSocket(port: serve.port)
        nul.send("GET /api/v1/jobs/\u{0}/../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = String(decoding: nul.read() ?? Data(), as: UTF8.self)
        #expect(!answer.contains("root:"), "\(answer.prefix(300))")
        #expect(try serve.request("GET", "/healthz").status == 200)
    }

    @Test("ids and paths that are not ours are 404, never a trap", arguments: [
        "/api/v1/jobs/99999999999999999999999", "/api/v1/jobs/0", "/api/v1/jobs/-1", "/api/v1/jobs/1e3", "/jobs/abc",
        "/jobs/1/../../etc/passwd", "/static/../../etc/passwd", "/static/app.js/x", "/api/v2/jobs",
        "/api/v1/jobs/1/segments/99999999999999/thumbnail.jpg", "/api/v1/jobs/1/segments/-1/thumbnail.jpg", "/nope",
    ])
    func strangePaths(path: String) throws {
        let serve = try ServeFixture()
        let r = try serve.request("GET", path)
        #expect(r.status == 404, "\(path): \(r.status) \(r.body)")
        #expect(r.body.contains("\"error\""), "\(path): \(r.body)")
    }

    @Test("an oversized head is refused (431 or 414) and an oversized body 413, without reading it all")
    func oversized() throws {
        let serve = try ServeFixture()
        let big = String(repeating: "a", count: 200_000)
        let head = try serve.request("GET", "/healthz", headers: ["X-Big": big])
        #expect([413, 414, 431].contains(head.status), "\(head.status)")
        let client = try RawSocket(port: serve.port)
        client.send("POST /api/v1/session HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n")
        #expect(RawSocket.status(client.read()) == 413)
        let chunked = try RawSocket(port: serve.port)
        chunked.send("POST /api/v1/session HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 0..<40 { if !chunked.send("400\r\n" + String(repeating: "z", count: 1024) + "\r\n") { break } }
        let status = RawSocket.status(chunked.read())
        #expect(status == nil || status! >= 400, "a 40 KB chunked body was accepted: \(String(describing: status))")
        #expect(try serve.request("GET", "/healthz").status == 200)
    }

    @Test("a client that trickles its request is cut off at the idle timeout; others are served meanwhile")
    func slowClient() throws {
        var limits = HTTPLimits()
        limits.idleTimeoutSeconds = 1
        let serve = try ServeFixture(limits: limits)
        let slow = try RawSocket(port: serve.port)
        slow.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")
        #expect(try serve.request("GET", "/healthz").status == 200)
        let reply = slow.read()
        #expect(reply != nil && RawSocket.status(reply) == nil, "the unfinished request was not closed: \(String(describing: reply))")
    }

    @Test("connections beyond the limit are closed at once; when the others leave, service resumes")
    func connectionLimit() throws {
        var limits = HTTPLimits()
        limits.connections = 4
        let serve = try ServeFixture(limits: limits)
        var held: [RawSocket] = []
        for _ in 0..<4 {
            let c = try RawSocket(port: serve.port)
            c.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")   // unfinished: holds its connection
            held.append(c)
        }
        Thread.sleep(forTimeInterval: 0.3)
        let extra = try RawSocket(port: serve.port)
        extra.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(RawSocket.status(extra.read()) == nil, "a fifth connection was served past a limit of four")
        held.removeAll()
        var served = false
        for _ in 0..<50 where !served {
            served = (try? serve.request("GET", "/healthz").status) == 200
            if !served { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(served, "nothing was served after the held connections closed")
    }
}
