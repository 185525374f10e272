import Foundation
import Testing
@testable import ReelQueue

/// `reel db roles` against a real server: an owner that is not a superuser migrates and grants; the worker role
/// runs the queue but holds no DDL and cannot run programs on the server; the monitor role only reads.
/// Serialized: each test grants CREATE on the one test database and drops what its roles own, and two GRANTs on one
/// catalog row at once fail with "tuple concurrently updated" (as two `reel db roles` would; `apply` reruns those).
@Suite("Database roles", .serialized) struct DatabaseRolesTests {
    @Test("the worker role runs the queue but cannot DROP, ALTER, CREATE or COPY … PROGRAM; the monitor cannot UPDATE")
    func leastPrivilege() throws {
        try withRoles { owner, worker, monitor in
            let q = try PostgresSegmentQueue(worker)
            let jobID = try insert(q, makeSpec(segments: 2))
            while let c = try claimOne(q) { #expect(try complete(q, c.lease)) }
            let stitch = try #require(try q.stitchClaim(StitchClaimParams(workerID: "w")))
            #expect(try q.jobComplete(stitch.lease))
            #expect(try q.jobGet(jobID).state == .done)
            try q.workerRegister(WorkerRegisterParams(workerID: "w", host: "h", pid: 1, version: "t", tags: []))
            // A big job makes jobInsert ANALYZE segments, which only the owner may do: a warning, not an error.
            let big = try insert(q, makeSpec(segments: PostgresSegmentQueue.analyzeThreshold))
            #expect(try q.jobCancel(big))

            let w = try PGConnection(url: worker.databaseURL, applicationName: "reel-test-worker", schema: worker.schema)
            for sql in ["DROP TABLE segments", "ALTER TABLE jobs ADD COLUMN evil integer", "CREATE TABLE evil (a integer)",
                        "COPY jobs TO PROGRAM 'id'", "COPY jobs FROM PROGRAM 'id'", "TRUNCATE queue_events",
                        "CREATE FUNCTION evil() RETURNS integer LANGUAGE sql AS 'SELECT 1'"] {
                #expect(sqlState(of: sql, on: w) == "42501", "\(sql) must be refused for lack of privilege")
            }
            let m = try PGConnection(url: monitor.databaseURL, applicationName: "reel-test-monitor", schema: monitor.schema)
            #expect(sqlState(of: "UPDATE jobs SET priority = 9", on: m) == "42501")
            #expect(sqlState(of: "DELETE FROM queue_events", on: m) == "42501")
            #expect(try PostgresSegmentQueue(monitor).jobStatus(jobID).job.state == .done, "the monitor reads")
            #expect(try DatabaseRoles(owner).apply().created.isEmpty, "running it again creates nothing")
        }
    }

    @Test("an existing worker role that could run programs (a member of pg_execute_server_program) is refused")
    func refusesWideRole() throws {
        try withRoles { owner, worker, _ in
            let admin = try PGConnection(url: try testDatabaseURL(), applicationName: "reel-test-roles", schema: nil)
            let role = try #require(worker.databaseURL.firstMatch(of: /:\/\/([a-z0-9_]+)@/)?.1)
            try admin.execScript("GRANT pg_execute_server_program TO \(role)")
            #expect(throws: QueueError.self) { try DatabaseRoles(owner).apply() }
            try admin.execScript("REVOKE pg_execute_server_program FROM \(role)")
            #expect(try DatabaseRoles(owner).apply().worker == String(role))
        }
    }

    @Test("role names come from the schema and are validated as identifiers")
    func names() throws {
        #expect(try DatabaseRoles.roleNames(schema: "reel").worker == "reel_worker")
        #expect(try DatabaseRoles.roleNames(schema: "reel").monitor == "reel_monitor")
        #expect(throws: QueueError.self) { try DatabaseRoles.roleNames(schema: "x\"; DROP ROLE postgres; --") }
        #expect(throws: QueueError.self) { try DatabaseRoles.roleNames(schema: String(repeating: "a", count: 56)) }
    }

    /// The SQLSTATE the server answers `sql` with, or "ok".
    func sqlState(of sql: String, on c: PGConnection) -> String {
        do { _ = try c.exec(sql); return "ok" } catch PGFailure.server(let state, _) { return state } catch { return "\(error)" }
    }

    /// A non-superuser owner role that migrates a fresh schema and runs `DatabaseRoles`; everything is dropped after.
    func withRoles(_ body: (PostgresQueueConfiguration, PostgresQueueConfiguration, PostgresQueueConfiguration) throws -> Void) throws {
        let url = try testDatabaseURL()
        let schema = "reel_role_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        let ownerRole = schema + "_owner"
        let admin = try PGConnection(url: url, applicationName: "reel-test-roles", schema: nil)
        let (workerRole, monitorRole) = try DatabaseRoles.roleNames(schema: String(schema))
        try admin.execScript("CREATE ROLE \(ownerRole) LOGIN CREATEROLE; GRANT CREATE ON DATABASE postgres TO \(ownerRole)")
        defer {
            try? admin.execScript("""
                DROP SCHEMA IF EXISTS \(schema) CASCADE; DROP OWNED BY \(ownerRole), \(workerRole), \(monitorRole);
                DROP ROLE IF EXISTS \(workerRole), \(monitorRole), \(ownerRole)
                """)
        }
        func config(_ user: String) throws -> PostgresQueueConfiguration {
            PostgresQueueConfiguration(databaseURL: try Self.url(url, user: user), schema: String(schema), maxConnections: 4)
        }
        let owner = try config(ownerRole)
        try Migrator(owner).migrate()
        let report = try DatabaseRoles(owner).apply()
        #expect(report.created == [workerRole, monitorRole] && report.owner == ownerRole && !report.ownerIsSuperuser)
        try body(owner, try config(workerRole), try config(monitorRole))
    }

    /// `url` with its user replaced (postgresql://user@host:port/db).
    static func url(_ url: String, user: String) throws -> String {
        guard let scheme = url.range(of: "://"), let at = url.range(of: "@", range: scheme.upperBound..<url.endIndex) else {
            throw FixtureError(description: "REEL_TEST_DATABASE_URL must look like postgresql://user@host:port/db")
        }
        return url.replacingCharacters(in: scheme.upperBound..<at.lowerBound, with: user)
    }
}
