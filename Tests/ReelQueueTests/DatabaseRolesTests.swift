import Foundation
import ReelTestSupport
import Testing
@testable import ReelQueue

/// `reel db roles` against a real server: an owner that is not a superuser migrates and grants; each role runs its
/// part of the queue through the queue's own API and holds no DDL and no way to run programs on the server.
/// `DatabaseRolesTests.Matrix` tries every statement that matters as every role.
/// Serialized: each test grants CREATE on the one test database and drops what its roles own, and two GRANTs on one
/// catalog row at once fail with "tuple concurrently updated" (as two `reel db roles` would; `apply` reruns those).
@Suite("Database roles", .serialized) struct DatabaseRolesTests {
    /// The owner's and each role's connection settings.
    struct Roles {
        var owner, worker, submit, operate, monitor, api: PostgresQueueConfiguration
    }

    @Test("submit, worker and operate run the queue's API between them; none can DROP, ALTER, COPY … PROGRAM or CREATE")
    func leastPrivilege() throws {
        try withRoles { roles in
            let submit = try PostgresSegmentQueue(roles.submit), q = try PostgresSegmentQueue(roles.worker)
            let jobID = try insert(submit, makeSpec(segments: 2))
            while let c = try claimOne(q) { #expect(try complete(q, c.lease)) }
            let stitch = try #require(try q.stitchClaim(StitchClaimParams(workerID: "w")))
            #expect(try q.jobComplete(stitch.lease))
            #expect(try q.jobGet(jobID).state == .done)
            try q.workerRegister(WorkerRegisterParams(workerID: "w", host: "h", pid: 1, version: "t", tags: []))
            // A big job makes jobInsert ANALYZE segments, which only the owner may do: a warning, not an error.
            let big = try insert(submit, makeSpec(segments: PostgresSegmentQueue.analyzeThreshold))
            let operate = try PostgresSegmentQueue(roles.operate)
            #expect(try operate.jobPrioritySet(big, priority: 4) == 0)
            #expect(try operate.jobCancel(big))
            #expect(try operate.jobRetry(big) == PostgresSegmentQueue.analyzeThreshold)
            #expect { try q.jobCancel(big) } throws: { error in
                guard case QueueError.permissionDenied(let message) = error else { return false }
                return "\(error)".hasPrefix("the database role may not do this: job \(big): queued -> canceled is for "
                                            + "the schema owner or the role \(roles.operate.schema!)_operate")
                    && message.contains("not \(roles.operate.schema!)_worker")
            }
            #expect { try submit.jobPrioritySet(big, priority: 1) } throws: { error in
                "\(error)" == "the database role may not do this: permission denied for table jobs (each command connects "
                    + "as its own role: deploy/README.md, \"Database roles\", has the matrix)"
            }

            for config in [roles.worker, roles.submit, roles.operate, roles.monitor] {
                let c = try PGConnection(url: config.databaseURL, applicationName: "reel-test-role", schema: config.schema)
                for sql in ["DROP TABLE segments", "ALTER TABLE jobs ADD COLUMN evil integer", "COPY jobs TO PROGRAM 'id'",
                            "COPY jobs FROM PROGRAM 'id'", "CREATE FUNCTION evil() RETURNS integer LANGUAGE sql AS 'SELECT 1'"] {
                    #expect(sqlState(of: sql, on: c) == "42501", "\(config.databaseURL): \(sql) must be refused")
                }
            }
            #expect(try PostgresSegmentQueue(roles.monitor).jobStatus(jobID).job.state == .done, "the monitor reads")
            #expect(try DatabaseRoles(roles.owner).apply().created.isEmpty, "running it again creates nothing")
        }
    }

    @Test("the API role submits, steers only the token user's jobs, resolves tokens; it cannot reach another schema")
    func apiRole() throws {
        try withRoles { a in
            let store = try PostgresTokenStore(a.owner)
            let made = try store.tokenCreate(TokenCreateParams(user: "editor1", scope: .submit))
            let api = try PostgresSegmentQueue(a.api)
            let editor1 = try #require(try PostgresTokenStore(a.api).tokenResolve(made.token), "the API role resolves")
            var spec = makeSpec(segments: 2)
            spec.owner = editor1.user
            let mine = try insert(api, spec)
            let theirs = try insert(try PostgresSegmentQueue(a.submit), makeSpec(segments: 1))
            #expect(throws: QueueError.jobNotFound(theirs)) { try api.jobCancel(theirs, as: editor1) }
            #expect(try api.jobCancel(mine, as: editor1))
            #expect(try api.jobRetry(mine, as: editor1) == 2)
            #expect(throws: QueueError.self) { try PostgresTokenStore(a.api).tokenRevoke(made.record.id) }
            #expect(try store.tokenList().first?.revokedAt == nil, "the API role cannot revoke")
            try withRoles { b in
                let c = try PGConnection(url: a.api.databaseURL, applicationName: "reel-test-role", schema: a.api.schema)
                let other = try #require(b.owner.schema)
                for sql in ["SELECT id FROM \(other).jobs", "SELECT token_hash FROM \(other).api_tokens",
                            "UPDATE \(other).api_tokens SET last_used_at = now()",
                            "INSERT INTO \(other).jobs (name, composition, output_location, max_attempts, segment_count, "
                                + "frame_count, created_at) VALUES ('x', '{}', '/o.mp4', 1, 1, 1, now())"] {
                    #expect(sqlState(of: sql, on: c) == "42501", "\(sql) from another schema's API role")
                }
            }
        }
    }

    @Test("no role may write segments.payload, which nothing sets (the insert leaves its empty default)")
    func noRoleWritesThePayload() throws {
        try withRoles { roles in
            let c = try PGConnection(url: roles.owner.databaseURL, applicationName: "reel-test-role", schema: roles.owner.schema)
            for role in try DatabaseRoles.roleNames(schema: try #require(roles.owner.schema)).all {
                let row = try c.exec("SELECT has_column_privilege($1, 'segments', 'payload', 'INSERT, UPDATE') AS can",
                                     [.text(role)]).rows[0]
                #expect(row.string("can") == "f", "\(role) may write segments.payload")
            }
        }
    }

    @Test("an existing worker role that could run programs (a member of pg_execute_server_program) is refused")
    func refusesWideRole() throws {
        try withRoles { roles in
            let admin = try PGConnection(url: try TestDatabase.url(), applicationName: "reel-test-roles", schema: nil)
            let role = try #require(roles.worker.databaseURL.firstMatch(of: /:\/\/([a-z0-9_]+)@/)?.1)
            try admin.execScript("GRANT pg_execute_server_program TO \(role)")
            #expect(throws: QueueError.self) { try DatabaseRoles(roles.owner).apply() }
            try admin.execScript("REVOKE pg_execute_server_program FROM \(role)")
            #expect(try DatabaseRoles(roles.owner).apply().worker == String(role))
        }
    }

    @Test("run again over the three-role grants of earlier versions, it revokes what the worker held")
    func upgradeRevokes() throws {
        try withRoles { roles in
            let worker = try #require(roles.worker.databaseURL.firstMatch(of: /:\/\/([a-z0-9_]+)@/)?.1)
            let owner = try PGConnection(url: roles.owner.databaseURL, applicationName: "reel-test-roles",
                                         schema: roles.owner.schema)
            try owner.execScript("""
                GRANT SELECT, INSERT, UPDATE, DELETE ON jobs, segments, workers, queue_events TO \(worker);
                GRANT UPDATE (output_location) ON jobs TO \(worker);
                GRANT USAGE ON ALL SEQUENCES IN SCHEMA \(roles.owner.schema!) TO \(worker)
                """)
            let jobID = try insert(try PostgresSegmentQueue(roles.submit), makeSpec(segments: 1))
            let w = try PGConnection(url: roles.worker.databaseURL, applicationName: "reel-test-role", schema: roles.worker.schema)
            let rewrite = "UPDATE jobs SET output_location = '/outside/pwned.mp4' WHERE id = \(jobID)"
            #expect(sqlState(of: rewrite, on: w) == "ok", "the old grants allowed it")
            try DatabaseRoles(roles.owner).apply()
            for sql in [rewrite, "DELETE FROM queue_events", "SELECT nextval('jobs_id_seq')"] {
                #expect(sqlState(of: sql, on: w) == "42501", "\(sql) after reel db roles")
            }
        }
    }

    @Test("role names come from the schema and are validated as identifiers of at most 63 bytes")
    func names() throws {
        let names = try DatabaseRoles.roleNames(schema: "reel")
        #expect(names.all == ["reel_worker", "reel_submit", "reel_operate", "reel_monitor", "reel_api"])
        #expect(throws: QueueError.self) { try DatabaseRoles.roleNames(schema: "x\"; DROP ROLE postgres; --") }
        #expect(try DatabaseRoles.roleNames(schema: String(repeating: "a", count: 55)).operate.utf8.count == 63)
        let long = String(repeating: "a", count: 56)
        #expect { try DatabaseRoles.roleNames(schema: long) } throws: { error in
            "\(error)".contains("at most 55 characters") && "\(error)".contains(long + "_operate")
        }
        let tooLong = PostgresQueueConfiguration(databaseURL: try TestDatabase.url(), schema: long)
        let refused = try #require(throws: QueueError.self) { try DatabaseRoles(tooLong).apply() }
        #expect("\(refused)" == "configuration: schema \"\(long)\" must match [a-z_][a-z0-9_]* and be at most 55 "
                + "characters to name its roles (\(long)_operate must fit in 63 bytes)", "refused by name, not as no schema")
    }

    /// The SQLSTATE the server answers `sql` with, or "ok".
    func sqlState(of sql: String, on c: PGConnection) -> String {
        do throws(QueueError) { _ = try c.exec(sql); return "ok" } catch {
            switch error {
            case .permissionDenied: return "42501"
            case .query(let state, _): return state
            default: return "\(error)"
            }
        }
    }

    /// A non-superuser owner role that migrates a fresh schema and runs `DatabaseRoles`; everything is dropped after.
    func withRoles(_ body: (Roles) throws -> Void) throws {
        let url = try TestDatabase.url()
        let schema = String("reel_role_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12))
        let ownerRole = schema + "_owner"
        let admin = try PGConnection(url: url, applicationName: "reel-test-roles", schema: nil)
        let names = try DatabaseRoles.roleNames(schema: schema)
        try admin.execScript("CREATE ROLE \(ownerRole) LOGIN CREATEROLE; GRANT CREATE ON DATABASE postgres TO \(ownerRole)")
        defer {
            let all = (names.all + [ownerRole]).joined(separator: ", ")
            try? admin.execScript("DROP SCHEMA IF EXISTS \(schema) CASCADE; DROP OWNED BY \(all); DROP ROLE IF EXISTS \(all)")
        }
        func config(_ user: String) throws -> PostgresQueueConfiguration {
            PostgresQueueConfiguration(databaseURL: try Self.url(url, user: user), schema: schema, maxConnections: 4)
        }
        let owner = try config(ownerRole)
        try Migrator(owner).migrate()
        let report = try DatabaseRoles(owner).apply()
        #expect(report.created == names.all && report.owner == ownerRole && !report.ownerIsSuperuser)
        try body(Roles(owner: owner, worker: try config(names.worker), submit: try config(names.submit),
                       operate: try config(names.operate), monitor: try config(names.monitor), api: try config(names.api)))
    }

    /// `url` with its user replaced (postgresql://user@host:port/db).
    static func url(_ url: String, user: String) throws -> String {
        guard let scheme = url.range(of: "://"), let at = url.range(of: "@", range: scheme.upperBound..<url.endIndex) else {
            throw FixtureError(description: "REEL_TEST_DATABASE_URL must look like postgresql://user@host:port/db")
        }
        return url.replacingCharacters(in: scheme.upperBound..<at.lowerBound, with: user)
    }
}
