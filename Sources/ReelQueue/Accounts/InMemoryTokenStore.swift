import Foundation
import Synchronization

/// API tokens in memory: `TokenManaging`'s twin of `PostgresTokenStore` (one conformance suite runs both),
/// with an injectable clock. It keeps hashes only, like the table.
public final class InMemoryTokenStore: TokenManaging {
    private struct Stored {
        var record: TokenRecord
        var hash: String
        var secret: String
    }

    private let tokens = Mutex<[Stored]>([])
    private let clock: any QueueClock

    /// - Parameter clock: the source of "now" (a `ManualQueueClock` in tests).
    public init(clock: any QueueClock = SystemQueueClock()) {
        self.clock = clock
    }

    public func tokenCreate(_ params: TokenCreateParams) throws(QueueError) -> TokenCreated {
        let now = Self.stored(clock.now())
        try params.validate(now: now)
        let token = try TokenCrypto.newToken(), secret = try TokenCrypto.newWebhookSecret()
        let hash = try TokenCrypto.hash(token)
        let record = tokens.withLock { all in
            let record = TokenRecord(id: Int64(all.count + 1), user: params.user, scope: params.scope, createdAt: now,
                                     expiresAt: params.expiresAt.map(Self.stored), revokedAt: nil, lastUsedAt: nil,
                                     limits: params.limits, mediaRoots: params.mediaRoots, outputRoot: params.outputRoot)
            all.append(Stored(record: record, hash: hash, secret: secret))
            return record
        }
        return TokenCreated(token: token, webhookSecret: secret, record: record)
    }

    public func tokenList() throws(QueueError) -> [TokenRecord] {
        tokens.withLock { $0.map(\.record) }
    }

    public func tokenRevoke(_ id: Int64) throws(QueueError) -> Bool {
        let now = Self.stored(clock.now())
        return try tokens.withLock { all throws(QueueError) -> Bool in
            guard let i = all.firstIndex(where: { $0.record.id == id }) else { throw QueueError.tokenNotFound(id) }
            guard all[i].record.revokedAt == nil else { return false }
            all[i].record.revokedAt = now
            return true
        }
    }

    public func tokenResolve(_ presented: String) throws(QueueError) -> Principal? {
        guard TokenCrypto.isTokenShaped(presented) else { return nil }
        let hash = try TokenCrypto.hash(presented), now = Self.stored(clock.now())
        return tokens.withLock { all in
            guard let i = all.firstIndex(where: { TokenCrypto.equal($0.hash, hash) }),
                  all[i].record.isUsable(at: now) else { return nil }
            all[i].record.lastUsedAt = now
            return all[i].record.principal
        }
    }

    public func tokenWebhookSecret(_ id: Int64) throws(QueueError) -> String {
        guard let secret = tokens.withLock({ $0.first { $0.record.id == id }?.secret }) else {
            throw QueueError.tokenNotFound(id)
        }
        return secret
    }

    /// `date` at the table's microsecond resolution, so both drivers report the same instants.
    private static func stored(_ date: Date) -> Date {
        Date(microsecondsSince1970: date.microsecondsSince1970)
    }
}
