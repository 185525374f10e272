import Foundation

/// A TCP connection to a loopback server that sends exactly the bytes given: malformed, partial or slow requests that
/// no HTTP library would send. It connects from a chosen loopback source address (on Linux all of 127.0.0.0/8 is this
/// machine, so 127.0.0.2, 127.0.0.3… are other clients to the server). Every read has a timeout, so a test cannot
/// hang on a server that never answers.
public final class RawSocket {
    /// The socket's descriptor, closed with the object.
    public let fd: Int32

    /// Connects to 127.0.0.1:`port` from `source`.
    /// - Throws: `TestFailure` naming the call that failed and its errno.
    public init(port: UInt16, from source: String = "127.0.0.1") throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket: errno \(errno)") }
        var local = Self.address(source, port: 0), remote = Self.address("127.0.0.1", port: port)
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
        guard bound == 0 else { close(fd); throw TestFailure("bind \(source): errno \(errno)") }
        let rc = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, size) } }
        guard rc == 0 else { close(fd); throw TestFailure("connect 127.0.0.1:\(port) from \(source): errno \(errno)") }
        var tv = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var on: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
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
    public func send(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let n = Foundation.send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                if n <= 0 { return false }
                sent += n
            }
            return true
        }
    }

    /// Sends text as UTF-8; false when the server has closed the connection.
    @discardableResult
    public func send(_ text: String) -> Bool { send(Data(text.utf8)) }

    /// Reads until the server closes, `limit` bytes arrive, or `until` appears; nil on a read timeout with nothing read.
    public func read(limit: Int = 1 << 20, until marker: String? = nil) -> Data? {
        var out = Data()
        var buffer = [UInt8](repeating: 0, count: 16384)
        while out.count < limit {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 { return out }
            if n < 0 { return errno == EAGAIN || errno == EWOULDBLOCK ? (out.isEmpty ? nil : out) : out }
            out.append(contentsOf: buffer[0..<n])
            if let marker, String(decoding: out, as: UTF8.self).contains(marker) { return out }
        }
        return out
    }

    /// The status code of the first response line, or nil when there is none.
    public static func status(_ data: Data?) -> Int? {
        guard let data, let line = String(decoding: data, as: UTF8.self).split(separator: "\r\n").first else { return nil }
        let parts = line.split(separator: " ")
        return parts.count >= 2 && parts[0].hasPrefix("HTTP/") ? Int(parts[1]) : nil
    }
}
