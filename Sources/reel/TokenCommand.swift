import Foundation
import ReelQueue
import ReelRecords

/// `reel token create|list|revoke`: the API's bearer tokens, in the farm's database (`api_tokens`).
enum TokenCommand {
    static func run(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.token.parse(args) else { return 0 }
        let store = { () throws in try PostgresTokenStore(FarmCommands.configuration(parsed)) }
        switch parsed.positionals.first {
        case "create":
            _ = try parsed.positionals("a subcommand")
            return try create(parsed, try store())
        case "list":
            _ = try parsed.positionals("a subcommand")
            return try list(parsed, try store())
        case "revoke": return try revoke(parsed, try store(), id: try parsed.positionals("a subcommand", "a token id")[1])
        case nil: throw UsageError(message: "missing a subcommand (create, list or revoke)")
        default: throw UsageError(message: "unknown token subcommand; try: reel token create, list, revoke ID")
        }
    }

    static func create(_ parsed: Arguments, _ store: PostgresTokenStore) throws -> Int32 {
        guard let user = parsed.value("user") else { throw UsageError(message: "create needs --user NAME") }
        guard let scopeText = parsed.value("scope"), let scope = TokenScope(rawValue: scopeText) else {
            throw UsageError(message: "create needs --scope submit, operate or admin"
                             + (parsed.value("scope").map { ", not \"\($0)\"" } ?? ""))
        }
        let expires = parsed.value("expires") ?? "90d"
        let lifetime = expires == "never" ? nil : try FarmCommands.parseAge(expires, option: "expires")
        let limits = TokenLimits(requestsPerMinute: try parsed.int("rate", in: 1...1_000_000),
                                 maxActiveJobs: try parsed.int("max-active-jobs", in: 1...1_000_000),
                                 maxQueuedFrames: try parsed.int("max-queued-frames", in: 1...Int.max).map(Int64.init))
        let made = try store.tokenCreate(TokenCreateParams(
            user: user, scope: scope, expiresAt: lifetime.map { Date().adding($0) }, limits: limits,
            mediaRoots: parsed.all("media-root").map(Commands.absolute),
            outputRoot: parsed.value("output-root").map(Commands.absolute)))
        if parsed.flag("json") {
            var object = FarmJSON.token(made.record)
            object["token"] = made.token
            object["webhook_secret"] = made.webhookSecret
            try FarmCommands.printJSON(object)
            return 0
        }
        let until = made.record.expiresAt.map { "expires \(FarmJSON.time($0))" } ?? "never expires"
        writeErr("reel token: created token \(made.record.id) for \(user) (scope \(scope.rawValue), \(until)); "
                 + "it is shown only now: only its hash is stored\n")
        print("token \(made.token)")
        print("webhook_secret \(made.webhookSecret)")
        return 0
    }

    static func list(_ parsed: Arguments, _ store: PostgresTokenStore) throws -> Int32 {
        let tokens = try store.tokenList()
        if parsed.flag("json") { try FarmCommands.printJSON(tokens.map(FarmJSON.token)); return 0 }
        let now = Date()
        var table = Table(["ID", "USER", "SCOPE", "STATE", "CREATED", "EXPIRES", "LAST USED", "ROOTS"])
        for t in tokens {
            let state = t.revokedAt != nil ? "revoked" : t.isUsable(at: now) ? "active" : "expired"
            let roots = (t.mediaRoots.map { "media \($0)" } + (t.outputRoot.map { ["output \($0)"] } ?? []))
            table.add(["\(t.id)", t.user, t.scope.rawValue, state, Table.time(t.createdAt),
                       t.expiresAt.map(Table.time) ?? "never", t.lastUsedAt.map(Table.time) ?? "never",
                       roots.isEmpty ? "-" : roots.joined(separator: ", ")])
        }
        print(table.render())
        return 0
    }

    static func revoke(_ parsed: Arguments, _ store: PostgresTokenStore, id text: String) throws -> Int32 {
        guard let id = Int64(text), id > 0 else { throw UsageError(message: "\"\(text)\" is not a token id") }
        let revoked = try store.tokenRevoke(id)
        if parsed.flag("json") {
            try FarmCommands.printJSON(["id": id, "revoked": revoked])
        } else {
            print(revoked ? "revoked token \(id)" : "token \(id) was already revoked")
        }
        return revoked ? 0 : 1
    }
}
