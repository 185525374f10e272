import Foundation
import ReelTestSupport
import ReelQueue
import ReelServe
import Testing

/// Server-sent events: one read of the queue per change batch, whatever the number of open pages, and no
/// stream left behind when its page goes.
@Suite(.serialized) struct ServeEventsTests {
    /// Opens `/events` and reads until the first overview; the client and the version it carried.
    static func open(_ serve: ServeFixture, job: Int64? = nil) throws -> (RawSocket, Int) {
        let c = try RawSocket(port: serve.port)
        c.send("GET /events\(job.map { "?job=\($0)" } ?? "") HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let text = String(decoding: c.read(until: "event: overview") ?? Data(), as: UTF8.self)
        guard text.contains("text/event-stream"), let version = Self.versions(text).last else {
            throw TestFailure("no event stream: \(text.prefix(300))")
        }
        return (c, version)
    }

    /// Every stream of these tests comes from 127.0.0.1: more than the default cap per client.
    static var manyStreams: ServeLimits {
        var l = ServeLimits()
        l.streams = 64
        l.streamsPerClient = 64
        return l
    }

    static func versions(_ text: String) -> [Int] {
        text.split(separator: "\n").compactMap { $0.hasPrefix("id: ") ? Int($0.dropFirst(4)) : nil }
    }

    @Test("50 open streams cost one refresh per change batch, and each sees the change")
    func fiftyStreamsShareRefreshes() throws {
        var options = FarmHub.Options()
        options.pollInterval = .seconds(3600)   // no polling: only changes refresh
        options.debounce = .milliseconds(100)
        let serve = try ServeFixture(options: options, serveLimits: Self.manyStreams)
        let job = try serve.insertJob(name: "watched by fifty")
        let streams = try (0..<50).map { i in try Self.open(serve, job: i.isMultiple(of: 2) ? job : nil) }
        Thread.sleep(forTimeInterval: 0.5)   // the kicks of 50 subscriptions settle
        let before = serve.hub.refreshCount
        _ = try serve.insertJob(name: "the change")
        for (client, version) in streams {
            let text = String(decoding: client.read(until: "the change") ?? Data(), as: UTF8.self)
            #expect(text.contains("the change"), "a stream did not see the new job")
            #expect((Self.versions(text).max() ?? 0) > version)
        }
        let cost = serve.hub.refreshCount - before
        #expect((1...2).contains(cost), "one change batch cost \(cost) refreshes for 50 streams")
    }

    @Test("a watched job's stream carries its segments; closed pages leave no stream behind")
    func streamsEndWithTheirPages() throws {
        var options = FarmHub.Options()
        options.keepAlive = .milliseconds(300)
        let serve = try ServeFixture(options: options, serveLimits: Self.manyStreams)
        let job = try serve.insertJob(name: "strip", segments: 5)
        var clients: [RawSocket] = []
        for _ in 0..<10 {
            let c = try RawSocket(port: serve.port)
            c.send("GET /events?job=\(job) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let text = String(decoding: c.read(until: "event: job\ndata: ") ?? Data(), as: UTF8.self)
            #expect(text.contains("event: job"), "\(text.prefix(200))")
            clients.append(c)
        }
        #expect(serve.hub.streamCount == 10)
        clients.removeAll()   // the pages close
        var open = serve.hub.streamCount
        for _ in 0..<100 where open > 0 {
            Thread.sleep(forTimeInterval: 0.1)
            open = serve.hub.streamCount
        }
        #expect(open == 0, "\(open) streams outlived their pages")
        #expect(try serve.request("GET", "/healthz").status == 200)
    }
}
