import Foundation
import ReelTestSupport
import ReelQueue
import ReelServe

/// `reel serve`'s app over an in-memory queue, listening on a free loopback port.
final class ServeFixture {
    let queue = InMemorySegmentQueue()
    let hub: FarmHub
    let server: HTTPServer
    let token = "test-token-0123456789abcdef"

    /// - Parameter serveLimits: the stream caps and the token throttle (tests of many streams from one address
    ///   raise them).
    init(limits: HTTPLimits = HTTPLimits(), options: FarmHub.Options = FarmHub.Options(), readOnly: Bool = false,
         serveLimits: ServeLimits = ServeLimits()) throws {
        let queue = self.queue
        hub = FarmHub(queue: queue, options: options, waiter: { try queue.wakeupListen() })
        let app = ServeApp(hub: hub, token: readOnly ? nil : token, writer: readOnly ? nil : queue, images: nil,
                           limits: serveLimits)
        server = try HTTPServer(listen: try ListenAddress(parsing: "127.0.0.1:0"), limits: limits,
                                handler: { app.handle($0) })
        hub.start()
    }

    deinit { stop() }

    func stop() {
        hub.close()
        server.stop()
    }

    var port: UInt16 { server.port }

    /// A whole request over a fresh connection; the status and the body.
    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: String = "") throws
        -> (status: Int, body: String) {
        let client = try RawSocket(port: port)
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (k, v) in headers { text += "\(k): \(v)\r\n" }
        text += "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        client.send(text)
        guard let data = client.read(), let status = RawSocket.status(data) else {
            throw TestFailure("no response to \(method) \(path)")
        }
        let whole = String(decoding: data, as: UTF8.self)
        let bodyText = whole.range(of: "\r\n\r\n").map { String(whole[$0.upperBound...]) } ?? ""
        return (status, bodyText)
    }

    func json(_ path: String) throws -> [String: Any] {
        let r = try request("GET", path)
        guard r.status == 200, let object = try JSONSerialization.jsonObject(with: Data(r.body.utf8)) as? [String: Any] else {
            throw TestFailure("GET \(path): \(r.status) \(r.body.prefix(200))")
        }
        return object
    }

    func insertJob(name: String, segments: Int = 4, tags: [String] = []) throws -> Int64 {
        let specs = (0..<segments).map { i in
            SegmentSpec(index: i, frames: Int64(i) * 10..<Int64(i + 1) * 10, samples: Int64(i) * 16000..<Int64(i + 1) * 16000,
                        contentHash: "\(UUID().uuidString)-\(i)")
        }
        let spec = JobSpec(name: name, owner: "tester", composition: "{}", outputLocation: "/out/\(UUID().uuidString).mp4",
                           priority: 0, maxAttempts: 3, requiredTags: tags, segments: specs)
        return try queue.jobInsert(JobInsertParams(spec: spec)).jobID
    }
}
