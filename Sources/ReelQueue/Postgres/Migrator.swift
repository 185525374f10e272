import Foundation

/// One numbered schema change (schema/NNNN_name.up.sql and .down.sql).
public struct Migration: Sendable, Hashable {
    public let version: Int
    public let name: String
    /// The SQL that applies it (several statements).
    public let up: String
    /// The SQL that undoes it.
    public let down: String

    public init(version: Int, name: String, up: String, down: String) {
        self.version = version; self.name = name; self.up = up; self.down = down
    }
}

/// Applies the embedded migrations in order, each in its own transaction under an advisory lock,
/// recording versions in `reel_schema_migrations`. Running it again applies nothing.
public struct Migrator: Sendable {
    public let configuration: PostgresQueueConfiguration
    public let migrations: [Migration]

    /// - Parameters:
    ///   - configuration: where to connect; `schema`, when set, is created if missing and used for everything.
    ///   - migrations: defaults to the embedded `Migrations.all`.
    public init(_ configuration: PostgresQueueConfiguration, migrations: [Migration] = Migrations.all) {
        self.configuration = configuration
        self.migrations = migrations.sorted { $0.version < $1.version }
    }

    private static let createTable = """
        CREATE TABLE IF NOT EXISTS reel_schema_migrations (
            version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
        """

    /// Applies every migration not yet recorded.
    /// - Returns: the versions applied now (empty when the schema was current).
    /// - Throws: `QueueError.migration` naming the version and the server's message; `.connection`.
    @discardableResult
    public func migrate() throws(QueueError) -> [Int] {
        try configuration.validate()
        let c = try PGPool(configuration).connect()
        if let schema = configuration.schema {
            try run(0) { () throws(QueueError) in
                try c.transaction { () throws(QueueError) in
                    try lock(c)
                    try c.execScript("CREATE SCHEMA IF NOT EXISTS " + (try c.quoteIdentifier(schema)))
                }
            }
        }
        // One migrator at a time for the whole run (the session lock), so concurrent migrators never
        // interleave versions; each version still commits alone (the transaction lock inside).
        _ = try run(0) { () throws(QueueError) in
            try c.exec("SELECT pg_advisory_lock(hashtext($1))", [.text(lockKey)])
        }
        defer { _ = try? c.exec("SELECT pg_advisory_unlock(hashtext($1))", [.text(lockKey)]) }
        var applied: [Int] = []
        for m in migrations {
            let did = try run(m.version) { () throws(QueueError) in
                try c.transaction { () throws(QueueError) in
                    try lock(c)
                    try c.execScript(Self.createTable)
                    let done = try c.exec("SELECT 1 FROM reel_schema_migrations WHERE version = $1", [.int(m.version)])
                    guard done.rowCount == 0 else { return false }
                    try c.execScript(m.up)
                    _ = try c.exec("INSERT INTO reel_schema_migrations (version, name) VALUES ($1, $2)",
                                   [.int(m.version), .text(m.name)])
                    return true
                }
            }
            if did { applied.append(m.version) }
        }
        return applied
    }

    /// The versions recorded as applied, ascending.
    public func appliedVersions() throws(QueueError) -> [Int] {
        let c = try PGPool(configuration).connect()
        return try run(0) { () throws(QueueError) in
            try c.execScript(Self.createTable)
            return try c.exec("SELECT version FROM reel_schema_migrations ORDER BY version").rows.compactMap { $0.int("version") }
        }
    }

    /// Undoes applied migrations newer than `version`, newest first, each in its own transaction.
    /// - Returns: the versions undone.
    @discardableResult
    public func migrateDown(to version: Int) throws(QueueError) -> [Int] {
        let c = try PGPool(configuration).connect()
        var undone: [Int] = []
        for m in migrations.reversed() where m.version > version {
            let did = try run(m.version) { () throws(QueueError) in
                try c.transaction { () throws(QueueError) in
                    try lock(c)
                    try c.execScript(Self.createTable)
                    let n = try c.exec("DELETE FROM reel_schema_migrations WHERE version = $1", [.int(m.version)])
                    guard n.affected == 1 else { return false }
                    try c.execScript(m.down)
                    return true
                }
            }
            if did { undone.append(m.version) }
        }
        return undone
    }

    /// Drops the configured schema and everything in it (throwaway schemas of tests and benchmarks).
    /// - Throws: `QueueError.configuration` when no schema is configured.
    public func dropSchema() throws(QueueError) {
        guard let schema = configuration.schema else { throw QueueError.configuration("no schema to drop") }
        let c = try PGPool(configuration).connect()
        try run(0) { () throws(QueueError) in
            try c.execScript("DROP SCHEMA IF EXISTS " + (try c.quoteIdentifier(schema)) + " CASCADE")
        }
    }

    /// Serialises migrations of one schema until the transaction ends.
    private var lockKey: String { "reel_migrate:\(configuration.schema ?? "")" }

    private func lock(_ c: PGConnection) throws(QueueError) {
        _ = try c.exec("SELECT pg_advisory_xact_lock(hashtext($1))", [.text(lockKey)])
    }

    /// Runs one step of a migration: a lost connection stays `.connection`, anything else the server refused
    /// becomes `.migration` naming the version.
    private func run<T>(_ version: Int, _ body: () throws(QueueError) -> T) throws(QueueError) -> T {
        do throws(QueueError) { return try body() } catch {
            if case .connection = error { throw error }
            throw .migration(version: version, message: "\(error)")
        }
    }
}
