internal import CGnuTLS
import Foundation

/// The `Reel-Signature` header of a webhook POST: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the
/// job's webhook secret, computed by GnuTLS (`gnutls_hmac_fast`). A receiver recomputes it over the raw body it
/// got and the `t` it was sent, compares in constant time, and refuses a `t` too far from its own clock (a replay).
public enum WebhookSignature {
    /// The header's value for `body` sent at `time`; nil only if GnuTLS fails.
    public static func header(body: Data, secret: [UInt8], time: Date) -> String? {
        let t = Int64(time.timeIntervalSince1970.rounded(.down))
        guard let mac = hmac(Data("\(t).".utf8) + body, secret: secret) else { return nil }
        return "t=\(t),v1=" + mac.map { String(format: "%02x", $0) }.joined()
    }

    /// HMAC-SHA256 of `data` under `secret` (32 bytes); nil when GnuTLS refuses.
    static func hmac(_ data: Data, secret: [UInt8]) -> [UInt8]? {
        var digest = [UInt8](repeating: 0, count: 32)
        let status = secret.withUnsafeBytes { key in
            data.withUnsafeBytes { bytes in
                digest.withUnsafeMutableBytes { out in
                    reel_hmac_sha256(key.baseAddress, key.count, bytes.baseAddress, bytes.count, out.baseAddress)
                }
            }
        }
        return status == 0 ? digest : nil
    }
}
