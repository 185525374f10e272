import Foundation

/// A TCP client that sends exactly the bytes given: malformed, partial or slow requests that no HTTP library
/// would send. Every read has a timeout, so a test cannot hang on a server that never answers.
final class RawClient {
    let fd: Int32

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawClientError("socket: \(errno)") }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard rc == 0 else { close(fd); throw RawClientError("connect: \(errno)") }
        var tv = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var on: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(fd) }

    /// Sends bytes; false when the server has closed the connection.
    @discardableResult
    func send(_ data: Data) -> Bool {
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

    @discardableResult
    func send(_ text: String) -> Bool { send(Data(text.utf8)) }

    /// Reads until the server closes, `limit` bytes arrive, or `until` appears; nil on a read timeout.
    func read(limit: Int = 1 << 20, until marker: String? = nil) -> Data? {
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
    static func status(_ data: Data?) -> Int? {
        guard let data, let line = String(decoding: data, as: UTF8.self).split(separator: "\r\n").first else { return nil }
        let parts = line.split(separator: " ")
        return parts.count >= 2 && parts[0].hasPrefix("HTTP/") ? Int(parts[1]) : nil
    }
}

struct RawClientError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
