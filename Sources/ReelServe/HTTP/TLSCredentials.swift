import Foundation

/// The certificate chain and private key `HTTPServer` speaks TLS with, as PEM text, read from files with the
/// checks a key deserves: each must be a regular file (a link to one is followed, as certbot's `live/` folder
/// needs; a FIFO or device is refused before it is read, so it cannot block), at most `maxBytes`, and PEM of the
/// right kind, so that swapped or truncated files are named before GnuTLS gives one message for both.
///
/// A key any user of the machine may read is refused: whoever reads it can impersonate this server. A key its
/// group may read only draws a warning, since Debian's convention is mode 0640 with the `ssl-cert` group.
public struct TLSCredentials: Sendable, Hashable {
    public var certificate: String
    public var key: String
    public var certificatePath: String
    public var keyPath: String

    /// A certificate chain or key larger than this is not PEM anyone meant (a chain of ten certificates is ~20 KB).
    public static let maxBytes = 1 << 20

    /// - Parameters:
    ///   - warn: told about a key its group may read.
    /// - Throws: `ServeError.usage` naming the file and what is wrong with it.
    public init(certificateFile: String, keyFile: String, warn: (String) -> Void = { _ in }) throws(ServeError) {
        certificatePath = certificateFile
        keyPath = keyFile
        let (cert, _) = try Self.read(certificateFile, what: "TLS certificate")
        let (key, mode) = try Self.read(keyFile, what: "TLS key")
        guard cert.contains("-----BEGIN CERTIFICATE-----") else {
            throw .usage("\(certificateFile): the TLS certificate is not a PEM certificate (no \"-----BEGIN CERTIFICATE-----\")")
        }
        guard key.range(of: #"-----BEGIN ([A-Z]+ )?PRIVATE KEY-----"#, options: .regularExpression) != nil else {
            throw .usage("\(keyFile): the TLS key is not a PEM private key (no \"-----BEGIN … PRIVATE KEY-----\")")
        }
        if mode & 0o007 != 0 {
            throw .usage("\(keyFile): the TLS key may be read by every user (mode \(String(mode & 0o777, radix: 8))); "
                         + "chmod 600 it (or 640 with its group)")
        }
        if mode & 0o070 != 0 {
            warn("\(keyFile): the TLS key may be read by its group (mode \(String(mode & 0o777, radix: 8)))")
        }
        certificate = cert
        self.key = key
    }

    /// The file's text and mode, judged on the open descriptor (`O_NONBLOCK`, so a FIFO's open cannot wait).
    private static func read(_ path: String, what: String) throws(ServeError) -> (String, mode_t) {
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
            throw .usage("\(path): the \(what) is not PEM text")
        }
        return (text, st.st_mode)
    }
}
