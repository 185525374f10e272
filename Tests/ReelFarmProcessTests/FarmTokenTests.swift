import Foundation
import ReelTestSupport
import Testing
@testable import ReelQueue

extension FarmTests {
    /// `reel token create|list|revoke` as a process against PostgreSQL; the printed token resolves through the store.
    @Suite("Tokens") struct Tokens {}
}

extension FarmTests.Tokens {
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try TestJSON.parse(text) as? [String: Any], "not a JSON object: \(text)")
    }

    @Test("create prints the token once, list never shows it, revoke stops it; --json in the house style")
    func createListRevoke() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let made = try await farm.check(["token", "create", "--user", "editor1", "--scope", "submit", "--expires", "90d",
                                         "--media-root", "/media/editor1", "--output-root", "/out/editor1",
                                         "--max-active-jobs", "3", "--json"])
        #expect(try TestJSON.badKeys(made.stdout).isEmpty)
        let created = try Self.object(made.stdout)
        let token = try #require(created["token"] as? String)
        let id = try #require((created["id"] as? NSNumber)?.int64Value)
        #expect(token.hasPrefix("reel_") && token.count == 48, "\(token)")
        #expect((created["webhook_secret"] as? String)?.count == 64)
        #expect(created["media_roots"] as? [String] == ["/media/editor1"] && created["max_active_jobs"] as? Int == 3)
        #expect((created["expires_at"] as? String)?.hasSuffix("Z") == true)

        let store = try PostgresTokenStore(PostgresQueueConfiguration(databaseURL: farm.databaseURL, schema: farm.schema))
        let who = try #require(try store.tokenResolve(token), "the printed token resolves")
        #expect(who.user == "editor1" && who.scope == .submit && who.tokenID == id && who.outputRoot == "/out/editor1")

        let text = try await farm.check(["token", "create", "--user", "ops", "--scope", "operate", "--expires", "never"])
        let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("token ") })
        #expect(try store.tokenResolve(String(line.dropFirst(6)))?.scope == .operate, "\(text.stdout)")
        #expect(text.stderr.contains("never expires") && text.stderr.contains("shown only now"), "\(text.stderr)")

        let listed = try await farm.check(["token", "list", "--json"])
        #expect(!listed.stdout.contains(token) && !listed.stdout.contains("webhook_secret"), "list leaks: \(listed.stdout)")
        #expect(try TestJSON.badKeys(listed.stdout).isEmpty)
        let rows = try #require(try TestJSON.parse(listed.stdout) as? [[String: Any]])
        #expect(rows.map { $0["user"] as? String } == ["editor1", "ops"])
        #expect(rows[0]["last_used_at"] is String, "the resolve above was recorded: \(rows[0])")
        let table = try await farm.check(["token", "list"]).stdout
        #expect(table.contains("editor1") && table.contains("active") && !table.contains(token), "\(table)")

        let revoked = try await farm.check(["token", "revoke", "\(id)", "--json"])
        #expect(try Self.object(revoked.stdout)["revoked"] as? Bool == true)
        #expect(try store.tokenResolve(token) == nil, "a revoked token stops at once")
        let again = try await farm.run(["token", "revoke", "\(id)"])
        #expect(again.status == 1 && again.stdout.contains("token \(id) was already revoked"), "\(again.stdout)")
        #expect(try await farm.check(["token", "list"]).stdout.contains("revoked"))
    }

    @Test("bad arguments are refused with the reason, and nothing is stored")
    func refusals() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let cases: [([String], Int32, String)] = [
            (["create", "--user", "Editor", "--scope", "submit"], 1,
             "reel token: invalid token: user \"Editor\" must be 1–64 characters of a-z, 0-9, '.', '_', '-'"),
            (["create", "--user", "e", "--scope", "root"], 2,
             "reel token: create needs --scope submit, operate or admin, not \"root\""),
            (["create", "--scope", "submit"], 2, "reel token: create needs --user NAME"),
            (["create", "--user", "e", "--scope", "submit", "--expires", "0d"], 2,
             "reel token: --expires must be a whole number with s, m, h or d (30m, 36h, 7d), got \"0d\""),
            (["create", "--user", "e", "--scope", "submit", "--rate", "0"], 2, "reel token: --rate"),
            (["revoke", "999"], 1, "reel token: token 999 not found"),
            (["revoke", "x"], 2, "reel token: \"x\" is not a token id"),
            (["rotate"], 2, "reel token: unknown token subcommand"),
        ]
        for (args, status, message) in cases {
            let out = try await farm.run(["token"] + args)
            #expect(out.status == status, "reel token \(args): \(out.status) \(out.stderr)")
            #expect(out.stderr.hasPrefix(message), "reel token \(args): \(out.stderr)")
        }
        #expect(try await farm.check(["token", "list", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                == "[]")
    }
}
