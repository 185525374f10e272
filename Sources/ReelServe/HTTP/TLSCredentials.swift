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

    /// The file's text and mode, judged on the one descriptor it is read from (`SecretFile`).
    private static func read(_ path: String, what: String) throws(ServeError) -> (String, Int) {
        let file = try SecretFile(path, what: what, maxBytes: maxBytes)
        return (file.text, file.mode)
    }
}
