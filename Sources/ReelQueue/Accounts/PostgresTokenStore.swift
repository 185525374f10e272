import Foundation

/// API tokens in PostgreSQL (`api_tokens`, migration 0008): the driver of `TokenManaging` for `reel token` and
/// `reel serve`. Only hashes are stored and looked up; a found hash is compared again with `sodium_memcmp`.
public final class PostgresTokenStore: TokenManaging {
    let pool: PGPool
    let configuration: PostgresQueueConfiguration

    /// - Throws: `QueueError.configuration` for an invalid configuration. Connects lazily.
    public init(_ configuration: PostgresQueueConfiguration) throws(QueueError) {
        try configuration.validate()
        try TokenCrypto.requireReady()
        self.configuration = configuration
        self.pool = PGPool(configuration)
    }

    private var now: PGValue? { PGValue.micros(configuration.clock?.now()) }

    public func tokenCreate(_ params: TokenCreateParams) throws(QueueError) -> TokenCreated {
        try params.validate(now: configuration.clock?.now() ?? Date())
        let token = try TokenCrypto.newToken(), secret = try TokenCrypto.newWebhookSecret()
        let hash = try TokenCrypto.hash(token)
        let row = try pool.with(rerun: .ifNothingSucceeded) { c throws(QueueError) in
            try c.exec(TokenSQL.insert, [
                .text(params.user), .text(params.scope.rawValue), .text(hash), .text(secret), now,
                PGValue.micros(params.expiresAt), params.limits.requestsPerMinute.map(PGValue.int),
                params.limits.maxActiveJobs.map(PGValue.int), params.limits.maxQueuedFrames.map(PGValue.int64),
                .array(params.mediaRoots), params.outputRoot.map(PGValue.text),
            ]).rows[0]
        }
        return TokenCreated(token: token, webhookSecret: secret, record: try Self.record(from: row))
    }

    public func tokenList() throws(QueueError) -> [TokenRecord] {
        let rows = try pool.with { c throws(QueueError) in try c.exec(TokenSQL.list).rows }
        var out: [TokenRecord] = []
        for row in rows { out.append(try Self.record(from: row)) }
        return out
    }

    public func tokenRevoke(_ id: Int64) throws(QueueError) -> Bool {
        try pool.with { c throws(QueueError) in
            if try c.exec(TokenSQL.revoke, [.int64(id), now]).rowCount == 1 { return true }
            guard try c.exec(TokenSQL.exists, [.int64(id)]).rowCount == 1 else { throw QueueError.tokenNotFound(id) }
            return false
        }
    }

    public func tokenResolve(_ presented: String) throws(QueueError) -> Principal? {
        guard TokenCrypto.isTokenShaped(presented) else { return nil }
        let hash = try TokenCrypto.hash(presented)
        guard let row = try pool.with({ c throws(QueueError) in
            try c.exec(TokenSQL.resolve, [.text(hash), now]).rows.first
        }), TokenCrypto.equal(row.text("token_hash"), hash) else { return nil }
        return try Self.record(from: row).principal
    }

    public func tokenWebhookSecret(_ id: Int64) throws(QueueError) -> String {
        try pool.with { c throws(QueueError) in
            guard let secret = try c.exec(TokenSQL.webhookSecret, [.int64(id)]).rows.first?.string("webhook_secret") else {
                throw QueueError.tokenNotFound(id)
            }
            return secret
        }
    }

    static func record(from r: PGRow) throws(QueueError) -> TokenRecord {
        guard let id = r.int64("id"), let scope = TokenScope(rawValue: r.text("scope")), let created = r.date("created_us")
        else { throw QueueError.query(sqlState: "XX000", message: "api_tokens row unreadable") }
        return TokenRecord(
            id: id, user: r.text("user_name"), scope: scope, createdAt: created, expiresAt: r.date("expires_us"),
            revokedAt: r.date("revoked_us"), lastUsedAt: r.date("last_used_us"),
            limits: TokenLimits(requestsPerMinute: r.int("requests_per_minute"), maxActiveJobs: r.int("max_active_jobs"),
                                maxQueuedFrames: r.int64("max_queued_frames")),
            mediaRoots: r.strings("media_roots"), outputRoot: r.string("output_root"))
    }
}
