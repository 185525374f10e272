import Foundation

/// A raw HTTP/1.1 connection to `reel serve` from a chosen loopback source address (on Linux all of 127.0.0.0/8 is
/// this machine, so 127.0.0.2, 127.0.0.3… are other clients to the server). It sends exactly the bytes given, and
/// every read has a timeout, so a test cannot hang on a server that never answers.
final class ServeSocket {
    let fd: Int32

    init(port: UInt16, from source: String = "127.0.0.1") throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw FarmTestError("socket: errno \(errno)") }
        var local = Self.address(source, port: 0), remote = Self.address("127.0.0.1", port: port)
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
        guard bound == 0 else { close(fd); throw FarmTestError("bind \(source): errno \(errno)") }
        let rc = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, size) } }
        guard rc == 0 else { close(fd); throw FarmTestError("connect 127.0.0.1:\(port) from \(source): errno \(errno)") }
        var tv = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    private static func address(_ host: String, port: UInt16) -> sockaddr_in {
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = port.bigEndian
        a.sin_addr.s_addr = inet_addr(host)
        return a
    }

    /// Sends bytes; false when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        Data(text.utf8).withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let n = Foundation.send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                if n <= 0 { return false }
                sent += n
            }
            return true
        }
    }

    /// Reads until the server closes, `marker` appears, or a read times out (then what arrived, possibly nothing).
    func read(until marker: String? = nil, limit: Int = 1 << 20) -> String {
        var out = Data()
        var buffer = [UInt8](repeating: 0, count: 16384)
        while out.count < limit {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            out.append(contentsOf: buffer[0..<n])
            if let marker, String(decoding: out, as: UTF8.self).contains(marker) { break }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One whole request on a fresh connection (`Connection: close`); `Host` is the server's loopback address
    /// unless `headers` names one. A repeated name in `headers` is sent repeated.
    static func exchange(port: UInt16, _ method: String, _ path: String, headers: [(String, String)] = [],
                         body: String = "", from source: String = "127.0.0.1") throws -> ServeReply {
        let socket = try ServeSocket(port: port, from: source)
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
    let child: FarmChild
    let port: UInt16
    let token = "serve-limits-" + UUID().uuidString

    init(_ farm: FarmFixture, arguments: [String] = [], environment: [String: String] = [:]) async throws {
        let tokenFile = farm.root.appendingPathComponent("token-\(UUID().uuidString.prefix(8))")
        try token.write(to: tokenFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        child = try FarmChild(name: "serve", executable: farm.reel,
                              arguments: ["serve", "--listen", "127.0.0.1:0", "--token-file", tokenFile.path] + arguments,
                              environment: farm.environment.merging(environment) { $1 }, logs: farm.logs)
        let base = try await FarmTests.WebView.address(of: child)
        guard let port = base.split(separator: ":").last.flatMap({ UInt16($0) }) else {
            child.ensureDead()
            throw FarmTestError("reel serve announced no port: \"\(base)\"\n\(child.tail())")
        }
        self.port = port
    }

    func stop() { child.ensureDead() }

    /// One request on a fresh connection from `source`.
    func request(_ method: String, _ path: String, headers: [(String, String)] = [], body: String = "",
                 from source: String = "127.0.0.1") throws -> ServeReply {
        try ServeSocket.exchange(port: port, method, path, headers: headers, body: body, from: source)
    }

    /// `Authorization: Bearer TOKEN` with this server's token.
    var bearer: (String, String) { ("Authorization", "Bearer \(token)") }
}
