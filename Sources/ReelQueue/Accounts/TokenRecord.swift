import Foundation

/// An API token as stored: never the token itself (only its hash, which is not exposed either).
public struct TokenRecord: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var user: String
    public var scope: TokenScope
    public var createdAt: Date
    /// nil: never expires.
    public var expiresAt: Date?
    public var revokedAt: Date?
    /// The last request it authenticated.
    public var lastUsedAt: Date?
    public var limits: TokenLimits
    public var mediaRoots: [String]
    public var outputRoot: String?

    public init(id: Int64, user: String, scope: TokenScope, createdAt: Date, expiresAt: Date?, revokedAt: Date?,
                lastUsedAt: Date?, limits: TokenLimits, mediaRoots: [String], outputRoot: String?) {
        self.id = id; self.user = user; self.scope = scope; self.createdAt = createdAt; self.expiresAt = expiresAt
        self.revokedAt = revokedAt; self.lastUsedAt = lastUsedAt; self.limits = limits; self.mediaRoots = mediaRoots
        self.outputRoot = outputRoot
    }

    /// Whether it authenticates at `now`: not revoked, not expired.
    public func isUsable(at now: Date) -> Bool {
        revokedAt == nil && (expiresAt.map { $0 > now } ?? true)
    }

    /// The principal it stands for.
    public var principal: Principal {
        Principal(user: user, scope: scope, tokenID: id, limits: limits, mediaRoots: mediaRoots, outputRoot: outputRoot)
    }
}
