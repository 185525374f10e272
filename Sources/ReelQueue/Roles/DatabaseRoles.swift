import Foundation

/// The least-privilege roles of one Reel schema, created and granted by `reel db roles`.
///
/// Roles are cluster-wide while a migration belongs to one schema (and the tests run many schemas on one
/// server), so roles are not a migration: this runs as the schema's owner after `reel db migrate`, and derives
/// the role names from the schema so that farms sharing a server never share a role.
///
/// - `<schema>_worker`: SELECT, INSERT, UPDATE, DELETE on the queue tables, USAGE on their sequences, EXECUTE on
///   the schema's functions, SELECT on `reel_schema_migrations`. No DDL, no COPY … PROGRAM, no superuser.
/// - `<schema>_monitor`: SELECT on the same tables and EXECUTE on the functions.
/// - The owner is whoever runs `reel db migrate`: it owns the schema and its tables (DDL). It is created once by
///   the database administrator, is not a superuser, and needs CREATEROLE only if the two roles do not exist yet.
///
/// Running it again is harmless, and it must run again after a migration that adds a table: the grants are
/// revoked and given again so that each role holds exactly the list above.
public struct DatabaseRoles: Sendable {
    public let configuration: PostgresQueueConfiguration

    /// The tables workers read and write (not `reel_schema_migrations`, which they only read).
    public static let queueTables = ["jobs", "segments", "workers", "queue_events"]

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
        public var monitor: String
        /// The roles this call created (empty when both existed).
        public var created: [String]
    }

    /// The worker and monitor role names of `schema`, validated as plain identifiers of at most 63 bytes.
    /// - Throws: `QueueError.configuration` for a schema name that cannot make them.
    public static func roleNames(schema: String) throws -> (worker: String, monitor: String) {
        let names = (schema + "_worker", schema + "_monitor")
        guard PostgresQueueConfiguration.isPlainIdentifier(schema), PostgresQueueConfiguration.isPlainIdentifier(names.0),
              PostgresQueueConfiguration.isPlainIdentifier(names.1) else {
            throw QueueError.configuration("schema \"\(schema)\" must match [a-z_][a-z0-9_]* and be at most 55 characters "
                                           + "to name its roles")
        }
        return names
    }

    /// Creates the missing roles (LOGIN, no password: set one with psql's `\password`) and grants exactly their rights.
    /// - Throws: `QueueError.configuration` when the schema is not migrated or a role holds rights beyond a worker's;
    ///   `.query` with the server's message (e.g. 42501 when the caller does not own the tables); `.connection`.
    @discardableResult
    public func apply() throws -> Report {
        try configuration.validate()
        let c = try PGPool(configuration).connect()
        var attempt = 0
        while true {
            do {
                return try c.transaction { try apply(on: c) }
            } catch let f as PGFailure where Self.isConcurrentGrant(f) && attempt < 5 {
                attempt += 1   // two grants on one catalog row at once (two `reel db roles`): run it again
                usleep(useconds_t(50_000 * attempt))
            } catch let f as PGFailure {
                throw f.queueError
            }
        }
    }

    /// PostgreSQL's "tuple concurrently updated": concurrent GRANTs touched the same catalog row; a rerun succeeds.
    static func isConcurrentGrant(_ f: PGFailure) -> Bool {
        if case .server(_, let message) = f { return message.contains("tuple concurrently updated") }
        return false
    }

    private func apply(on c: PGConnection) throws -> Report {
        let who = try c.exec(RoleSQL.whoAmI).rows[0]
        guard let schema = who.string("schema") else { throw QueueError.configuration("no schema: set --schema or REEL_SCHEMA") }
        let (worker, monitor) = try Self.roleNames(schema: schema)
        guard try c.exec(RoleSQL.migrated, [.text(schema)]).rows[0].string("migrations") != nil else {
            throw QueueError.configuration("schema \"\(schema)\" has no Reel tables: run reel db migrate first")
        }
        var created: [String] = []
        for role in [worker, monitor] where try createIfMissing(role, on: c) { created.append(role) }
        try c.execScript(try RoleSQL.grants(schema: schema, worker: worker, monitor: monitor, quote: c.quoteIdentifier))
        return Report(schema: schema, owner: who.text("me"), ownerIsSuperuser: who.string("superuser") == "t",
                      worker: worker, monitor: monitor, created: created)
    }

    /// Creates `role` unless it exists; refuses an existing role that holds more than LOGIN or is a member of a role.
    private func createIfMissing(_ role: String, on c: PGConnection) throws -> Bool {
        if let row = try c.exec(RoleSQL.roleRights, [.text(role)]).rows.first {
            guard row.string("extra") == "f" else {
                throw QueueError.configuration("role \(role) exists with rights a worker must not hold "
                                               + "(superuser, createrole, createdb, replication, bypassrls, or membership in a role)")
            }
            return false
        }
        try c.execScript("CREATE ROLE \(try c.quoteIdentifier(role)) " + RoleSQL.createOptions)
        return true
    }
}
