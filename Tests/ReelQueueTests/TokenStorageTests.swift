import Foundation
import Testing
@testable import ReelQueue

/// What the PostgreSQL store writes, and libsodium's primitives checked against an independent implementation.
@Suite struct TokenStorageTests {
    @Test("the table holds the token's BLAKE2b-256 hash, never the token")
    func onlyTheHashIsStored() throws {
        try withTestSchema { config in
            let made = try PostgresTokenStore(config).tokenCreate(TokenCreateParams(user: "editor1", scope: .submit))
            let c = try PGConnection(url: config.databaseURL, applicationName: "reel-test-tokens", schema: config.schema)
            let row = try #require(try c.exec("SELECT row_to_json(t)::text AS everything, token_hash FROM api_tokens t")
                .rows.first)
            #expect(!row.text("everything").contains(made.token))
            #expect(!row.text("everything").contains(String(made.token.dropFirst(5))))
            #expect(row.text("token_hash") == (try TokenCrypto.hash(made.token)))
            let fromPostgres = try c.exec("SELECT encode(sha256(convert_to($1, 'UTF8')), 'hex') AS sha",
                                          [.text(made.token)]).rows[0].text("sha")
            #expect(row.text("token_hash") != fromPostgres, "BLAKE2b, not SHA-256")
        }
    }

    @Test("the table refuses what the Swift checks refuse")
    func tableChecks() throws {
        try withTestSchema { config in
            let c = try PGConnection(url: config.databaseURL, applicationName: "reel-test-tokens", schema: config.schema)
            let hash = String(repeating: "a", count: 64)
            for (user, scope, tokenHash) in [("Editor", "submit", hash), ("e", "root", hash), ("e", "submit", "plain")] {
                #expect(throws: QueueError.self) {
                    try c.exec(TokenSQL.insert, [.text(user), .text(scope), .text(tokenHash), .text(hash), nil, nil, nil,
                                                 nil, nil, .array([String]()), nil])
                }
            }
        }
    }

    /// Python's hashlib.blake2b(b"reel_abc", digest_size=32).hexdigest().
    @Test("the hash is libsodium's BLAKE2b-256, as an independent implementation computes it")
    func blake2bVector() throws {
        #expect(try TokenCrypto.hash("reel_abc") == "8a6bb957efee043d7c348a94ce1c7644743961fdee0e697dff47cb86bebe858c")
    }

    @Test("hashes compare equal only when every byte is")
    func comparison() throws {
        let a = try TokenCrypto.hash("reel_a"), b = try TokenCrypto.hash("reel_b")
        #expect(TokenCrypto.equal(a, a))
        #expect(!TokenCrypto.equal(a, b))
        #expect(!TokenCrypto.equal(a, String(a.dropLast())))
        #expect(!TokenCrypto.equal("", ""))
    }
}
