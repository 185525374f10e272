import Foundation
import Testing
@testable import ReelQueue

/// Runs `body` against a fresh token store of `kind` driven by a manual clock.
func withTokens(_ kind: QueueKind, _ body: (any TokenManaging, ManualQueueClock) throws -> Void) throws {
    let clock = ManualQueueClock()
    switch kind {
    case .memory: try body(InMemoryTokenStore(clock: clock), clock)
    case .postgres: try withTestSchema(clock: clock) { config in try body(try PostgresTokenStore(config), clock) }
    }
}

/// One suite, both token stores: create, list, revoke and resolve must behave alike.
@Suite struct TokenConformanceTests {
    @Test("a created token resolves to its principal and records its use", arguments: QueueKind.allCases)
    func createAndResolve(kind: QueueKind) throws {
        try withTokens(kind) { store, clock in
            let made = try store.tokenCreate(TokenCreateParams(
                user: "editor1", scope: .submit, limits: TokenLimits(requestsPerMinute: 60, maxActiveJobs: 2),
                mediaRoots: ["/media/editor1"], outputRoot: "/out/editor1"))
            #expect(made.token.hasPrefix("reel_"))
            #expect(made.token.count == 48)
            #expect(made.webhookSecret.count == 64)
            #expect(made.record.user == "editor1")
            #expect(made.record.lastUsedAt == nil)
            clock.advance(by: .seconds(5))
            let who = try #require(try store.tokenResolve(made.token))
            #expect(who == Principal(user: "editor1", scope: .submit, tokenID: made.record.id,
                                     limits: TokenLimits(requestsPerMinute: 60, maxActiveJobs: 2),
                                     mediaRoots: ["/media/editor1"], outputRoot: "/out/editor1"))
            let listed = try #require(try store.tokenList().first)
            #expect(listed.lastUsedAt == clock.now())
            #expect(listed.createdAt == made.record.createdAt)
            #expect(try store.tokenWebhookSecret(made.record.id) == made.webhookSecret)
        }
    }

    @Test("text that is not a live token resolves to nothing", arguments: QueueKind.allCases)
    func strangersResolveToNothing(kind: QueueKind) throws {
        try withTokens(kind) { store, _ in
            let made = try store.tokenCreate(TokenCreateParams(user: "editor1", scope: .operate))
            let last = made.token.last == "A" ? "B" : "A"
            for text in ["", "reel_", made.token + "x", String(made.token.dropLast()) + last, "Bearer " + made.token,
                         made.token.uppercased(), "reel_" + String(repeating: "%", count: 43),
                         made.token.replacingOccurrences(of: "reel_", with: "rail_")] {
                #expect(try store.tokenResolve(text) == nil, "\(text) resolved")
            }
            #expect(try store.tokenList().first?.lastUsedAt == nil, "a failed attempt is not a use")
        }
    }

    @Test("a revoked token stops at once; revoking twice says so; an unknown id is not found",
          arguments: QueueKind.allCases)
    func revoke(kind: QueueKind) throws {
        try withTokens(kind) { store, _ in
            let kept = try store.tokenCreate(TokenCreateParams(user: "editor1", scope: .submit))
            let gone = try store.tokenCreate(TokenCreateParams(user: "editor2", scope: .submit))
            #expect(try store.tokenRevoke(gone.record.id))
            #expect(try store.tokenResolve(gone.token) == nil)
            #expect(try store.tokenRevoke(gone.record.id) == false)
            #expect(try store.tokenResolve(kept.token)?.user == "editor1")
            #expect(throws: QueueError.tokenNotFound(999)) { try store.tokenRevoke(999) }
            #expect(throws: QueueError.tokenNotFound(999)) { try store.tokenWebhookSecret(999) }
            let listed = try store.tokenList()
            #expect(listed.map(\.user) == ["editor1", "editor2"])
            #expect(listed.map { $0.revokedAt != nil } == [false, true])
        }
    }

    @Test("a token stops at its expiry", arguments: QueueKind.allCases)
    func expiry(kind: QueueKind) throws {
        try withTokens(kind) { store, clock in
            let made = try store.tokenCreate(TokenCreateParams(user: "editor1", scope: .admin,
                                                               expiresAt: clock.now().adding(.seconds(3600))))
            clock.advance(by: .seconds(3599))
            #expect(try store.tokenResolve(made.token)?.scope == .admin)
            clock.advance(by: .seconds(1))
            #expect(try store.tokenResolve(made.token) == nil)
            #expect(throws: QueueError.self) {
                try store.tokenCreate(TokenCreateParams(user: "editor1", scope: .admin, expiresAt: clock.now()))
            }
        }
    }

    @Test("bad users, roots and limits are refused, naming the field", arguments: QueueKind.allCases)
    func refusals(kind: QueueKind) throws {
        try withTokens(kind) { store, _ in
            let cases: [(TokenCreateParams, String)] = [
                (TokenCreateParams(user: "", scope: .submit), "user \"\""),
                (TokenCreateParams(user: "Editor", scope: .submit), "user \"Editor\""),
                (TokenCreateParams(user: "ed itor", scope: .submit), "user \"ed itor\""),
                (TokenCreateParams(user: "a/b", scope: .submit), "user \"a/b\""),
                (TokenCreateParams(user: "éditeur", scope: .submit), "user \"éditeur\""),
                (TokenCreateParams(user: String(repeating: "a", count: 65), scope: .submit), "must be 1–64"),
                (TokenCreateParams(user: "e", scope: .submit, mediaRoots: ["media"]), "media root \"media\""),
                (TokenCreateParams(user: "e", scope: .submit, mediaRoots: ["/m/../etc"]), "'..'"),
                (TokenCreateParams(user: "e", scope: .submit, outputRoot: "/out/\n"), "output root"),
                (TokenCreateParams(user: "e", scope: .submit, limits: TokenLimits(maxActiveJobs: 0)), "max active jobs"),
                (TokenCreateParams(user: "e", scope: .submit, limits: TokenLimits(requestsPerMinute: -1)),
                 "requests per minute"),
            ]
            for (params, words) in cases {
                do {
                    _ = try store.tokenCreate(params)
                    Issue.record("\(params.user) was accepted")
                } catch let error as QueueError {
                    guard case .invalidToken = error else { Issue.record("\(error)"); continue }
                    #expect(error.description.contains(words), "\(error.description)")
                }
            }
            #expect(try store.tokenList().isEmpty)
            let longest = String(repeating: "a", count: 62) + ".-"
            #expect(try store.tokenCreate(TokenCreateParams(user: longest, scope: .submit)).record.user == longest)
        }
    }

    @Test("every token and webhook secret is fresh", arguments: QueueKind.allCases)
    func fresh(kind: QueueKind) throws {
        try withTokens(kind) { store, _ in
            let made = try (0..<8).map { _ in try store.tokenCreate(TokenCreateParams(user: "editor1", scope: .submit)) }
            #expect(Set(made.map(\.token)).count == 8)
            #expect(Set(made.map(\.webhookSecret)).count == 8)
            #expect(Set(made.map(\.record.id)).count == 8)
        }
    }
}
