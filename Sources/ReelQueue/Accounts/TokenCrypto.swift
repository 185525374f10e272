internal import CSodium
import Foundation

/// The only libsodium user: random token text, its hash, and the comparison of two hashes. Nothing here is
/// hand-written crypto; every primitive is libsodium's.
///
/// Why BLAKE2b-256 (`crypto_generichash`, unkeyed) and not a password hash: a token is 32 bytes from
/// `randombytes_buf` (256 bits of entropy), so nobody can guess one or search the hash's preimages; a slow
/// password hash (Argon2) only defends low-entropy secrets, and would cost every API request tens of
/// milliseconds. A key (a pepper) would need a secret of the server's own beside the database, for no gain
/// against 256-bit inputs.
enum TokenCrypto {
    /// The token text's fixed prefix, so a leaked token is recognisable (secret scanners, logs).
    static let prefix = "reel_"
    /// Random bytes in a token and in a webhook secret.
    static let secretBytes = 32
    /// Base64url without padding of 32 bytes.
    static let encodedLength = 43

    /// `sodium_init()`, run once (a static's initialiser runs exactly once, thread-safely) before any call.
    private static let ready: Bool = sodium_init() >= 0

    /// - Throws: `QueueError.configuration` when libsodium cannot initialise (no entropy source).
    static func requireReady() throws(QueueError) {
        guard ready else { throw .configuration("libsodium could not initialise (sodium_init failed)") }
    }

    /// `count` (at least 1) bytes from `randombytes_buf`.
    static func random(_ count: Int) throws(QueueError) -> [UInt8] {
        try requireReady()
        var bytes = [UInt8](repeating: 0, count: max(1, count))
        bytes.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, $0.count) }
        return bytes
    }

    /// A new token: the prefix and 32 random bytes in base64url without padding (48 characters).
    static func newToken() throws(QueueError) -> String {
        prefix + base64url(try random(secretBytes))
    }

    /// A new webhook signing secret: 32 random bytes in hex.
    static func newWebhookSecret() throws(QueueError) -> String {
        hex(try random(secretBytes))
    }

    /// Whether `text` has a token's form (prefix, 43 base64url characters), checked before any hashing or lookup.
    static func isTokenShaped(_ text: String) -> Bool {
        guard text.hasPrefix(prefix) else { return false }
        let body = text.utf8.dropFirst(prefix.utf8.count)
        return body.count == encodedLength && body.allSatisfy { c in
            (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c == 0x2d || c == 0x5f
        }
    }

    /// The stored form of a token: BLAKE2b-256 of its text, in lowercase hex (64 characters).
    static func hash(_ token: String) throws(QueueError) -> String {
        try requireReady()
        var out = [UInt8](repeating: 0, count: Int(crypto_generichash_BYTES))
        let input = Array(token.utf8)
        let status = out.withUnsafeMutableBufferPointer { o in
            input.withUnsafeBufferPointer { i in
                crypto_generichash(o.baseAddress!, o.count, i.baseAddress, UInt64(i.count), nil, 0)
            }
        }
        guard status == 0 else { throw .configuration("libsodium: crypto_generichash failed") }
        return hex(out)
    }

    /// Whether two stored hashes are equal, in constant time (`sodium_memcmp`); false for different lengths.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count, !x.isEmpty else { return false }
        return x.withUnsafeBytes { p in y.withUnsafeBytes { q in sodium_memcmp(p.baseAddress, q.baseAddress, p.count) } } == 0
    }

    // The output buffers below are never empty (one byte for the terminating NUL at least), so their base address
    // is never nil.
    static func hex(_ bytes: [UInt8]) -> String {
        var out = [CChar](repeating: 0, count: bytes.count * 2 + 1)
        _ = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { b in sodium_bin2hex(o.baseAddress!, o.count, b.baseAddress, b.count) }
        }
        return out.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    static func base64url(_ bytes: [UInt8]) -> String {
        let variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING
        var out = [CChar](repeating: 0, count: sodium_base64_encoded_len(bytes.count, variant))
        _ = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { b in sodium_bin2base64(o.baseAddress!, o.count, b.baseAddress, b.count, variant) }
        }
        return out.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
