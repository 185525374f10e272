import Foundation

/// What `tokenCreate` makes a token for.
public struct TokenCreateParams: Sendable, Hashable {
    /// 1–64 characters of `[a-z0-9._-]`.
    public var user: String
    public var scope: TokenScope
    /// nil: never expires.
    public var expiresAt: Date?
    public var limits: TokenLimits
    /// Absolute folders, no `..`.
    public var mediaRoots: [String]
    /// An absolute folder, no `..`.
    public var outputRoot: String?

    public init(user: String, scope: TokenScope, expiresAt: Date? = nil, limits: TokenLimits = TokenLimits(),
                mediaRoots: [String] = [], outputRoot: String? = nil) {
        self.user = user
        self.scope = scope
        self.expiresAt = expiresAt
        self.limits = limits
        self.mediaRoots = mediaRoots
        self.outputRoot = outputRoot
    }

    /// Longest user name.
    public static let maxUserLength = 64

    /// Whether `user` is 1–64 characters of `[a-z0-9._-]` (what `api_tokens_user_valid` also checks).
    public static func isValidUser(_ user: String) -> Bool {
        (1...maxUserLength).contains(user.utf8.count) && user.utf8.allSatisfy { c in
            (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c == 0x2e || c == 0x5f || c == 0x2d
        }
    }

    /// - Throws: `QueueError.invalidToken` naming the field: the user, a root, a limit, an expiry not after `now`.
    func validate(now: Date) throws(QueueError) {
        guard Self.isValidUser(user) else {
            throw .invalidToken("user \"\(user)\" must be 1–\(Self.maxUserLength) characters of a-z, 0-9, '.', '_', '-'")
        }
        try limits.validate()
        for root in mediaRoots { try Self.checkRoot(root, role: "media root") }
        if let outputRoot { try Self.checkRoot(outputRoot, role: "output root") }
        if let expiresAt, expiresAt <= now { throw .invalidToken("expiry \(expiresAt) is not in the future") }
    }

    /// A root is an absolute path without `.` or `..` components or control characters.
    static func checkRoot(_ path: String, role: String) throws(QueueError) {
        guard path.hasPrefix("/") else { throw .invalidToken("\(role) \"\(path)\" must be an absolute path") }
        guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else {
            throw .invalidToken("\(role) \"\(path)\" holds a control character")
        }
        guard !path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else {
            throw .invalidToken("\(role) \"\(path)\" must not hold '.' or '..' components")
        }
    }
}

/// What `tokenCreate` returns: the token and the webhook secret, shown once, and the stored record.
public struct TokenCreated: Sendable, Hashable {
    /// The token text (`reel_` and 43 base64url characters). Only its hash is stored: print it once.
    public var token: String
    /// The token's webhook signing secret (hex), also readable later by the API role (`tokenWebhookSecret`).
    public var webhookSecret: String
    public var record: TokenRecord
}
