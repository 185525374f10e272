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
            let plan: String = try q.pool.with { c in
                _ = try c.exec("ANALYZE segments")
                let rows = try c.exec("EXPLAIN " + SegmentSQL.claim.sql,
                                      [nil, .int(1), .text("w"), .array([String]()), .int64(1_000_000)]).rows
                return rows.map { $0.text("\"QUERY PLAN\"") }.joined(separator: "\n")
            }
            #expect(plan.contains("segments_claim"), "\(plan)")
        }
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

    @Test("array and bytea parameters round-trip awkward text")
    func parameterEncoding() throws {
        try withTestSchema { config in
            let c = try PGConnection(url: config.databaseURL, applicationName: "reel-test", schema: config.schema)
            let items = ["a", "b,c", "\"q\"", "back\\slash", "{}", "NULL", "", "ünï"]
            let json = try c.exec("SELECT to_json($1::text[])::text AS j", [.array(items)]).rows[0].text("j")
            let back = try JSONDecoder().decode([String].self, from: Data(json.utf8))
            #expect(back == items)
            let blob = Data((0...255).map(UInt8.init))
            let r = try c.exec("SELECT (($1::bytea[]))[1] AS b", [.byteaArray([blob])]).rows[0]
            #expect(r.data("b") == blob)
        }
    }
}
