import Foundation

/// Plain HTTP/1.1 over loopback sockets, timed.
struct Loopback {
    let port: UInt16

    func connect() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, rc == 0 else { throw BenchError("cannot connect to port \(port)") }
        var tv = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    /// One GET with Connection: close; the response's byte count.
    func get(_ path: String) throws -> Int {
        let fd = try connect()
        defer { close(fd) }
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        var head = Data()
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            if head.count < 16 { head.append(contentsOf: buffer[0..<min(n, 16)]) }
            total += n
        }
        guard String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 200") else {
            throw BenchError("GET \(path): \(String(decoding: head, as: UTF8.self))")
        }
        return total
    }

    /// The first request (after a fresh snapshot is due), then the median and worst of 20 more, in ms.
    func timing(_ path: String) throws -> String {
        Thread.sleep(forTimeInterval: 2.2)   // the snapshot is older than the poll interval: the first GET reads the database
        let (first, bytes) = try ms { try get(path) }
        var rest: [Double] = []
        for _ in 0..<20 { rest.append(try ms { try get(path) }.0) }
        rest.sort()
        let name = ("GET " + path).padding(toLength: 26, withPad: " ", startingAt: 0)
        return name + String(format: "%9d bytes  first %7.1f ms  median %6.1f ms  worst %6.1f ms  (target < 200 ms)",
                             bytes, first, rest[rest.count / 2], rest.last!)
    }

    func ms<T>(_ body: () throws -> T) rethrows -> (Double, T) {
        let t0 = DispatchTime.now().uptimeNanoseconds
        let r = try body()
        return (Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6, r)
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
