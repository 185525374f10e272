import Foundation

/// The least-privilege roles of one Reel schema, created and granted by `reel db roles`.
///
/// Roles are cluster-wide while a migration belongs to one schema (and the tests run many schemas on one
/// server), so roles are not a migration: this runs as the schema's owner after `reel db migrate`, and derives
/// the role names from the schema so that farms sharing a server never share a role.
///
/// - `<schema>_worker` (`reel worker`): reads the queue; moves segments and stitches through their states (UPDATE of
///   the state, lease, part and progress columns only, `RoleSQL.workerJobColumns`); registers itself in `workers`.
///   It cannot insert or delete a job or segment, change a job's composition, output, owner or priority, cancel or
///   requeue a job (a trigger), or touch `queue_events`.
/// - `<schema>_submit` (`reel submit`): reads the queue; inserts jobs (never naming an API token) and, in the same
///   transaction, their segments (a trigger refuses segments for any other job). Nothing else.
/// - `<schema>_operate` (`reel cancel`, `reel retry`, the web view's writes): reads the queue; cancels, requeues and
///   reprioritises jobs (UPDATE of the state and priority columns only).
/// - `<schema>_monitor`: SELECT on the queue tables and the event log.
/// - `<schema>_api` (the API server, acting for token holders): reads the queue, the event log and `api_tokens`
///   (to resolve a bearer token); inserts jobs and their segments as `_submit` does, and alone names the submitting
///   token (`jobs.token_id`, whose secret signs the job's webhooks); cancels, requeues and
///   reprioritises as `_operate` does (the queue narrows each statement to the token user's jobs); records a token's
///   last use (UPDATE of `api_tokens.last_used_at` only); keeps submissions' `idempotency_keys`; reads and
///   moves `webhook_deliveries` as `_operate` does. It cannot create, revoke or widen a token.
/// - The owner is whoever runs `reel db migrate`: it owns the schema and its tables (DDL) and alone deletes jobs or
///   writes the event log (whose triggers run as the owner). It is created once by the database administrator, is
///   not a superuser, and needs CREATEROLE only if the roles do not exist yet.
///
/// None holds DDL, TRUNCATE, COPY … PROGRAM or superuser. Running it again is harmless, and it must run again after
/// a migration that adds a table: the grants are revoked and given again so that each role holds exactly the above.
public struct DatabaseRoles: Sendable {
    public let configuration: PostgresQueueConfiguration

    /// - Parameter configuration: the owner's connection; `schema` nil means the server's `current_schema()`.
    public init(_ configuration: PostgresQueueConfiguration) {
        self.configuration = configuration
    }

    /// What `apply()` did.
    public struct Report: Sendable, Hashable {
        public var schema: String
        public var owner: String
        /// The owner is a superuser: it works, but the owner should be a plain role (deploy/README.md).
        public var ownerIsSuperuser: Bool
        public var worker: String
        public var submit: String
        public var operate: String
        public var monitor: String
        public var api: String
        /// The roles this call created (empty when all five existed).
        public var created: [String]
    }

    /// The role names of one schema: `<schema>_worker`, `_submit`, `_operate`, `_monitor` and `_api`.
    public struct Names: Sendable, Hashable {
        public var worker: String
        public var submit: String
        public var operate: String
        public var monitor: String
        public var api: String
        /// The five, in the order `reel db roles` reports them.
        public var all: [String] { [worker, submit, operate, monitor, api] }
    }

    /// The role names of `schema`, validated as plain identifiers of at most 63 bytes.
    /// - Throws: `QueueError.configuration` for a schema name that cannot make them.
    public static func roleNames(schema: String) throws(QueueError) -> Names {
        let names = Names(worker: schema + "_worker", submit: schema + "_submit", operate: schema + "_operate",
                          monitor: schema + "_monitor", api: schema + "_api")
        guard PostgresQueueConfiguration.isPlainIdentifier(schema),
              names.all.allSatisfy(PostgresQueueConfiguration.isPlainIdentifier) else {
            throw QueueError.configuration("schema \"\(schema)\" must match [a-z_][a-z0-9_]* and be at most 55 characters "
                                           + "to name its roles (\(names.operate) must fit in 63 bytes)")
        }
        return names
    }

    /// Creates the missing roles (LOGIN, no password: set one with psql's `\password`) and grants exactly their rights.
    /// - Throws: `QueueError.configuration` when the schema is not migrated or a role holds rights beyond a worker's;
    ///   `.permissionDenied` when the caller does not own the tables; `.query` with the server's message; `.connection`.
    @discardableResult
    public func apply() throws(QueueError) -> Report {
        try configuration.validate()
        if let schema = configuration.schema { _ = try Self.roleNames(schema: schema) }
        let c = try PGPool(configuration).connect()
        var attempt = 0
        while true {
            do throws(QueueError) {
                return try c.transaction { () throws(QueueError) in try apply(on: c) }
            } catch where Self.isConcurrentGrant(error) && attempt < 5 {
                attempt += 1   // two grants on one catalog row at once (two `reel db roles`): run it again
                usleep(useconds_t(50_000 * attempt))
            }
        }
    }

    /// PostgreSQL's "tuple concurrently updated": concurrent GRANTs touched the same catalog row; a rerun succeeds.
    static func isConcurrentGrant(_ error: QueueError) -> Bool {
        if case .query(_, let message) = error { return message.contains("tuple concurrently updated") }
        return false
    }

    private func apply(on c: PGConnection) throws(QueueError) -> Report {
        let who = try c.exec(RoleSQL.whoAmI).rows[0]
        guard let schema = who.string("schema") else { throw QueueError.configuration("no schema: set --schema or REEL_SCHEMA") }
        let roles = try Self.roleNames(schema: schema)
        guard try c.exec(RoleSQL.migrated, [.text(schema)]).rows[0].string("migrations") != nil else {
            throw QueueError.configuration("schema \"\(schema)\" has no Reel tables: run reel db migrate first")
        }
        var created: [String] = []
        for role in roles.all where try createIfMissing(role, on: c) { created.append(role) }
        try c.execScript(try RoleSQL.grants(schema: schema, roles: roles, quote: c.quoteIdentifier))
        return Report(schema: schema, owner: who.text("me"), ownerIsSuperuser: who.string("superuser") == "t",
                      worker: roles.worker, submit: roles.submit, operate: roles.operate, monitor: roles.monitor,
                      api: roles.api, created: created)
    }

    /// Creates `role` unless it exists; refuses an existing role that holds more than LOGIN or is a member of a role.
    private func createIfMissing(_ role: String, on c: PGConnection) throws(QueueError) -> Bool {
        if let row = try c.exec(RoleSQL.roleRights, [.text(role)]).rows.first {
            guard row.string("extra") == "f" else {
                throw QueueError.configuration("role \(role) exists with rights it must not hold "
                                               + "(superuser, createrole, createdb, replication, bypassrls, or membership in a role)")
            }
            return false
        }
        try c.execScript("CREATE ROLE \(try c.quoteIdentifier(role)) " + RoleSQL.createOptions)
        return true
    }
}
