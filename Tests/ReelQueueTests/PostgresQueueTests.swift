import Foundation
import Synchronization
import Testing
@testable import ReelQueue

/// What only the PostgreSQL driver has: migrations, the claim index, reconnecting, parameters.
@Suite struct PostgresQueueTests {
    static var repoRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test("the embedded migrations equal the files in schema/")
    func embeddedMigrationsMatchFiles() throws {
        let dir = Self.repoRoot.appendingPathComponent("schema")
        let ups = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".up.sql") }.sorted()
        #expect(ups.count == Migrations.all.count, "run scripts/gen-migrations.sh")
        for (file, m) in zip(ups, Migrations.all) {
            let base = String(file.dropLast(".up.sql".count))
            #expect(base == String(format: "%04d_%@", m.version, m.name))
            let up = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            let down = try String(contentsOf: dir.appendingPathComponent(base + ".down.sql"), encoding: .utf8)
            #expect(m.up + "\n" == up, "\(file) differs from Migrations.swift: run scripts/gen-migrations.sh")
            #expect(m.down + "\n" == down, "\(base).down.sql differs from Migrations.swift")
        }
    }

    @Test("migrating twice is harmless; concurrent migrators apply once; down then up works")
    func migrationsAreIdempotent() throws {
        try withTestSchema { config in
            let migrator = Migrator(config)
            #expect(try migrator.migrate() == [], "already applied by the fixture")
            #expect(try migrator.appliedVersions() == Migrations.all.map(\.version))
            #expect(try migrator.migrateDown(to: 0) == Migrations.all.map(\.version).reversed())
            #expect(try migrator.appliedVersions() == [])
            let applied = Mutex<[[Int]]>([])
            let errors = onThreads(4) { _ in
                let v = try Migrator(config).migrate()
                applied.withLock { $0.append(v) }
            }
            #expect(errors.isEmpty, "\(errors)")
            #expect(applied.withLock { $0.filter { !$0.isEmpty } } == [Migrations.all.map(\.version)])
            let q = try PostgresSegmentQueue(config)
            #expect(try insert(q, makeSpec(segments: 2)) > 0)
        }
    }

    @Test("the claim uses its partial index")
    func claimUsesIndex() throws {
        try withTestSchema { config in
            let q = try PostgresSegmentQueue(config)
            for _ in 0..<4 { _ = try insert(q, makeSpec(segments: 500)) }
            let plan: String = try q.pool.with { c throws(QueueError) in
                _ = try c.exec("ANALYZE segments")
                let rows = try c.exec("EXPLAIN " + SegmentSQL.claim.sql,
                                      [nil, .int(1), .text("w"), .array([String]()), .int64(1_000_000),
                                       .uuid(UUID())]).rows
                return rows.map { $0.text("\"QUERY PLAN\"") }.joined(separator: "\n")
            }
            #expect(plan.contains("segments_claim"), "\(plan)")
            #expect(plan.contains("segments_lease_expiry"), "the token lookup must use the lease index: \(plan)")
        }
    }

    /// The statements that find segments rows, with the index each generic plan must use (nil: no seq scan only).
    static let segmentStatements: [(PGStatement, String?)] = [
        (SegmentSQL.claim, "segments_claim"), (SegmentSQL.heartbeat, "segments_pkey"),
        (SegmentSQL.complete, "segments_pkey"), (SegmentSQL.completedBy, "segments_pkey"),
        (SegmentSQL.fail, "segments_pkey"), (SegmentSQL.release, "segments_pkey"),
        (SegmentSQL.rescue, "segments_lease_expiry"), (SegmentSQL.donePartsByHash, "segments_done_by_hash"),
        (SegmentSQL.cancelForJob, nil), (SegmentSQL.retryForJob, nil), (SegmentSQL.listForJob, nil),
        (SegmentSQL.totalsForJobs, "segments_index_unique"), (SegmentSQL.failuresForJobs, "segments_with_errors"),
    ]

    @Test("prepared statements run generic plans that still use the partial indexes")
    func genericPlansUseIndexes() throws {
        try withTestSchema { config in
            let q = try PostgresSegmentQueue(config)
            for _ in 0..<4 { _ = try insert(q, makeSpec(segments: 500)) }
            try q.pool.with { c throws(QueueError) in
                _ = try c.exec("ANALYZE")
                let mode = try c.exec("SHOW plan_cache_mode").rows[0].text("plan_cache_mode")
                #expect(mode == "force_generic_plan")
                for (n, (stmt, index)) in Self.segmentStatements.enumerated() {
                    let plan = try Self.genericPlan(stmt, name: "audit_\(n)", on: c)
                    #expect(plan.contains("$1"), "\(stmt.name) is not a generic plan:\n\(plan)")
                    #expect(!plan.contains("Seq Scan on segments"), "\(stmt.name):\n\(plan)")
                    if let index { #expect(plan.contains(index), "\(stmt.name):\n\(plan)") }
                }
            }
            // The claim really runs its prepared generic plan, and it still claims in order.
            let claimed = try (0..<8).map { _ in try #require(try claimOne(q)) }
            #expect(claimed.map(\.segment.index) == [0, 1, 2, 3, 4, 5, 6, 7])
            let counts = try q.pool.with { c throws(QueueError) in
                try c.exec("SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1",
                           [.text(SegmentSQL.claim.name)]).rows[0]
            }
            #expect(counts.int("generic_plans") == 8 && counts.int("custom_plans") == 0)
        }
    }

    /// EXPLAIN of `stmt`'s generic plan (PREPARE as `name`, then EXPLAIN EXECUTE with NULL for every parameter).
    static func genericPlan(_ stmt: PGStatement, name: String, on c: PGConnection) throws(QueueError) -> String {
        _ = try c.exec("PREPARE \(name) AS \(stmt.sql)")
        let params = try c.exec("SELECT cardinality(parameter_types) AS n FROM pg_prepared_statements WHERE name = $1",
                                [.text(name)]).rows[0].int("n") ?? 0
        let args = params == 0 ? "" : "(" + Array(repeating: "NULL", count: params).joined(separator: ", ") + ")"
        let rows = try c.exec("EXPLAIN (COSTS OFF) EXECUTE \(name)\(args)").rows
        return rows.map { $0.text("\"QUERY PLAN\"") }.joined(separator: "\n")
    }

    @Test("a lost connection is survived by reconnecting")
    func reconnects() throws {
        try withTestSchema { config in
            let q = try PostgresSegmentQueue(config)
            let jobID = try insert(q, makeSpec(segments: 2))
            let admin = try PGConnection(url: config.databaseURL, applicationName: "reel-test-admin", schema: nil)
            func killQueueBackends() throws -> Int {
                try admin.exec("""
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1
                    """, [.text(config.applicationName)]).rowCount
            }
            #expect(try killQueueBackends() >= 1)
            let c = try #require(try claimOne(q), "claim after the backend was killed")
            #expect(c.lease.jobID == jobID)
            #expect(try killQueueBackends() >= 1)
            let second = try insert(q, makeSpec(segments: 2))
            #expect(try q.jobList(JobListParams()).map(\.id) == [second, jobID], "submitted once, not twice")
        }
    }

    @Test("an unreachable database surfaces QueueError.connection after the retries")
    func unreachable() throws {
        let config = PostgresQueueConfiguration(databaseURL: "postgresql://reel@127.0.0.1:1/none", reconnectAttempts: 2,
                                                reconnectBackoff: Backoff(base: .milliseconds(10), cap: .milliseconds(20)))
        let q = try PostgresSegmentQueue(config)
        #expect {
            _ = try q.jobList(JobListParams())
        } throws: { error in
            guard case QueueError.connection(let message) = error else { return false }
            return message.contains("after 3 attempts")
        }
    }

    @Test("configuration is validated; schema names are plain identifiers")
    func configuration() throws {
        #expect(throws: QueueError.self) { try PostgresSegmentQueue(PostgresQueueConfiguration(schema: "x; DROP")) }
        #expect(throws: QueueError.self) { try PostgresSegmentQueue(PostgresQueueConfiguration(maxConnections: 0)) }
        #expect(throws: Never.self) { try PostgresQueueConfiguration(schema: "reel_1").validate() }
    }

    @Test("array parameters round-trip awkward text")
    func parameterEncoding() throws {
        try withTestSchema { config in
            let c = try PGConnection(url: config.databaseURL, applicationName: "reel-test", schema: config.schema)
            let items = ["a", "b,c", "\"q\"", "back\\slash", "{}", "NULL", "", "ünï"]
            let json = try c.exec("SELECT to_json($1::text[])::text AS j", [.array(items)]).rows[0].text("j")
            let back = try JSONDecoder().decode([String].self, from: Data(json.utf8))
            #expect(back == items)
        }
    }

    @Test("no statement can hold a connection forever: statement_timeout and TCP liveness are set")
    func livenessSettings() throws {
        try withTestSchema { config in
            let c = try PGConnection(url: config.databaseURL, applicationName: "reel-test", schema: config.schema,
                                     statementTimeout: .seconds(1))
            #expect(try c.exec("SHOW statement_timeout").rows[0].text("statement_timeout") == "1s")
            #expect(throws: (any Error).self, "a 3 s statement outlived a 1 s statement_timeout") {
                try c.exec("SELECT pg_sleep(3)")
            }
            let options = try c.exec("SELECT 1 AS one")   // the connection survives the cancel
            #expect(options.rows[0].text("one") == "1")
            let defaults = try PGConnection(url: config.databaseURL, applicationName: "reel-test", schema: config.schema)
            #expect(try defaults.exec("SHOW statement_timeout").rows[0].text("statement_timeout") == "1min")
            for (key, value) in [("keepalives", "1"), ("keepalives_idle", "10"), ("tcp_user_timeout", "30000")] {
                #expect(defaults.option(key) == value, "libpq option \(key) is \(defaults.option(key) ?? "unset")")
            }
            let overridden = try PGConnection(url: config.databaseURL + "?keepalives_idle=42", applicationName: "reel-test",
                                              schema: config.schema)
            #expect(overridden.option("keepalives_idle") == "42", "the URL's own setting wins")
        }
    }

    @Test("database errors say what to do: a bad URL, an unknown database (not retried), an unmigrated schema")
    func errorsSayWhatToDo() throws {
        for bad in ["nonsense", "postgresql://x@h:99999999999/db?sslmode"] {
            let error = try #require(throws: QueueError.self) { try PostgresSegmentQueue(PostgresQueueConfiguration(databaseURL: bad)) }
            #expect("\(error)".contains("is not a libpq URL or conninfo string"), "\(error)")
        }
        try withTestSchema { config in
            var unknown = config
            unknown.databaseURL = config.databaseURL.replacingOccurrences(of: "/postgres", with: "/no_such_database")
            let q = try PostgresSegmentQueue(unknown)
            let error = try #require(throws: QueueError.self) { try q.jobList(JobListParams()) }
            #expect("\(error)".contains("does not exist") && !"\(error)".contains("attempts"), "retried: \(error)")
            // Where the connection comes from is the CLI's to say (CLIMessageTests), not the library's.
            #expect("\(error)".hasPrefix("cannot reach the database: ") && !"\(error)".contains("REEL_DATABASE_URL"),
                    "\(error)")

            var empty = config
            empty.schema = config.schema.map { $0 + "_unmigrated" }
            let unmigrated = try PostgresSegmentQueue(empty)
            let missing = try #require(throws: QueueError.self) { try unmigrated.jobList(JobListParams()) }
            #expect("\(missing)".contains("run `reel db migrate`"), "\(missing)")
        }
    }
}
