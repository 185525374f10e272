import Foundation

/// A small file holding a secret (a TLS key, a token, a signing key), read the way a secret deserves: opened once
/// with `O_NONBLOCK` (a FIFO's open cannot wait), judged by `fstat` on that same descriptor (a regular file, at most
/// `maxBytes`; a link to one is followed), then read from it. What is checked is what is read: a name swapped for
/// another file between a check and the read cannot slip past, and a FIFO or device is refused before it can block.
public struct SecretFile: Sendable, Hashable {
    /// The file's text.
    public var text: String
    /// Its permission bits (`st_mode & 0o777`), for the caller's rule on who else may read it.
    public var mode: Int

    /// - Parameters:
    ///   - what: what the file holds, for messages ("TLS key").
    /// - Throws: `ServeError.usage` naming the file and what is wrong with it.
    public init(_ path: String, what: String, maxBytes: Int) throws(ServeError) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .usage("\(path): cannot open the \(what): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .usage("\(path): cannot stat the \(what): \(String(cString: strerror(errno)))") }
        guard st.st_mode & S_IFMT == S_IFREG else { throw .usage("\(path): the \(what) is not a regular file") }
        guard st.st_size <= maxBytes else {
            throw .usage("\(path): the \(what) is \(st.st_size) bytes; at most \(maxBytes) are read")
        }
        var data = [UInt8](repeating: 0, count: Int(st.st_size) + 1)
        var count = 0
        while count < data.count {
            let n = data.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .usage("\(path): cannot read the \(what): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            count += n
        }
        guard count <= maxBytes else { throw .usage("\(path): the \(what) grew past \(maxBytes) bytes while read") }
        guard let text = String(validating: data[..<count], as: UTF8.self), !text.contains("\0") else {
            throw .usage("\(path): the \(what) is not text")
        }
        self.text = text
        mode = Int(st.st_mode & 0o777)
    }
}
