import Foundation
import ReelTestSupport

/// Requests to `reel serve` over a raw connection (RawSocket), which sends exactly the bytes given.
extension RawSocket {
    /// One whole request on a fresh connection (`Connection: close`); `Host` is the server's loopback address
    /// unless `headers` names one. A repeated name in `headers` is sent repeated.
    static func exchange(port: UInt16, _ method: String, _ path: String, headers: [(String, String)] = [],
                         body: String = "", from source: String = "127.0.0.1") throws -> ServeReply {
        let socket = try RawSocket(port: port, from: source)
        var text = "\(method) \(path) HTTP/1.1\r\n"
        if !headers.contains(where: { $0.0.lowercased() == "host" }) { text += "Host: 127.0.0.1:\(port)\r\n" }
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Connection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        socket.send(text)
        return ServeReply(socket.read())
    }
}

/// What came back: the status (nil when the connection closed without an answer), the head and the body.
struct ServeReply: CustomStringConvertible {
    var status: Int?
    var head: String
    var body: String

    /// What a read gave (nothing when it timed out).
    init(_ data: Data?) { self.init(String(decoding: data ?? Data(), as: UTF8.self)) }

    init(_ text: String) {
        let split = text.range(of: "\r\n\r\n")
        head = split.map { String(text[..<$0.lowerBound]) } ?? text
        body = split.map { String(text[$0.upperBound...]) } ?? ""
        let first = head.split(separator: "\r\n").first.map { $0.split(separator: " ") } ?? []
        status = first.count >= 2 && first[0].hasPrefix("HTTP/") ? Int(first[1]) : nil
    }

    /// The value of the first header called `name` (any case).
    func header(_ name: String) -> String? {
        head.split(separator: "\r\n").dropFirst().first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
            .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
    }

    var description: String { "\(status.map(String.init) ?? "no answer") \(body.prefix(300))" }
}

/// `reel serve` started for a test: the fixture's database, a token file, a free loopback port. Killed with the
/// fixture (`cleanup`) or by `stop()`.
final class ServeProcess {
    let child: TestChild
    let port: UInt16
    let token = "serve-limits-" + UUID().uuidString

    init(_ farm: FarmFixture, arguments: [String] = [], environment: [String: String] = [:]) async throws {
        let tokenFile = farm.root.appendingPathComponent("token-\(UUID().uuidString.prefix(8))")
        try token.write(to: tokenFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        child = try TestChild(name: "serve", executable: farm.reel,
                              arguments: ["serve", "--listen", "127.0.0.1:0", "--token-file", tokenFile.path] + arguments,
                              environment: farm.environment.merging(environment) { $1 }, logs: farm.logs)
        let base = try await FarmTests.WebView.address(of: child)
        guard let port = base.split(separator: ":").last.flatMap({ UInt16($0) }) else {
            child.ensureDead()
            throw TestFailure("reel serve announced no port: \"\(base)\"\n\(child.tail())")
        }
        self.port = port
    }

    func stop() { child.ensureDead() }

    /// One request on a fresh connection from `source`.
    func request(_ method: String, _ path: String, headers: [(String, String)] = [], body: String = "",
                 from source: String = "127.0.0.1") throws -> ServeReply {
        try RawSocket.exchange(port: port, method, path, headers: headers, body: body, from: source)
    }

    /// `Authorization: Bearer TOKEN` with this server's token.
    var bearer: (String, String) { ("Authorization", "Bearer \(token)") }
}
