import Foundation
@testable import ReelQueue

/// Who may do what: each role of `reel db roles` against each statement that matters, with the outcome it must
/// get. The statements are the queue's own (JobSQL, SegmentSQL, …) where Reel runs one, and the hostile ones a
/// taken-over worker or submitter would try. `DatabaseRolesTests.Matrix` runs every cell against a real server,
/// and deploy/README.md prints `markdown` (a test holds the two equal).
enum RoleMatrix {
    enum Role: String, CaseIterable, Sendable {
        case owner, submit, worker, operate, monitor, api
    }

    /// What a role gets: success (the statement did its work), or SQLSTATE 42501 from a missing grant or from
    /// one of migration 0006's triggers.
    enum Outcome: String, Sendable {
        case ok = "ok"
        case denied = "42501"
        case trigger = "42501 (trigger)"
    }

    /// One statement and the outcome of each role, in `Role.allCases` order.
    struct Row: Sendable {
        let label: String
        let outcomes: [Outcome]
        /// Runs inside a transaction that is always rolled back; throws `Refusal` when it did nothing.
        let run: @Sendable (PGConnection, RoleMatrixWorld) throws -> Void

        func outcome(of role: Role) -> Outcome { outcomes[Role.allCases.firstIndex(of: role)!] }
    }

    /// A statement that ran but changed or found nothing: not the success the table promises.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// `ok` for `allowed`, a trigger's refusal for `trigger`, a missing grant for every other role.
    static func allow(_ allowed: Role..., trigger: [Role] = []) -> [Outcome] {
        Role.allCases.map { allowed.contains($0) ? .ok : trigger.contains($0) ? .trigger : .denied }
    }

    static let rows: [Row] = [
        Row(label: "insert a job (`JobSQL.insert`)", outcomes: allow(.owner, .submit, .api)) { c, _ in
            _ = try insertJob(c)
        },
        Row(label: "insert a job for an API token, whose secret signs its webhooks (`JobSQL.insertByToken`)",
            outcomes: allow(.owner, .api)) { c, w in
            _ = try insertJob(c, token: w.tokenID)
        },
        Row(label: "insert a job and its segments in one transaction (`SegmentSQL.insertMany`)",
            outcomes: allow(.owner, .submit, .api)) { c, _ in
            try insertSegment(c, job: try insertJob(c), index: 0)
        },
        Row(label: "add a segment to another job", outcomes: allow(trigger: [.owner, .submit, .api])) { c, w in
            try insertSegment(c, job: w.running, index: 7)
        },
        Row(label: "insert a segment into another owner's share", outcomes: allow(trigger: [.owner, .submit, .api])) { c, _ in
            _ = try c.exec("""
                INSERT INTO segments (job_id, segment_index, frame_start, frame_end, sample_start, sample_end, content_hash,
                    state, priority, max_attempts, scheduled_at, owner)
                VALUES ($1, 0, 0, 10, 0, 16000, 'matrix-hash', 'available', 0, 3, now(), 'not-mallory')
                """, [.int64(try insertJob(c))])
        },
        Row(label: "change a job's composition", outcomes: allow(.owner)) { c, w in
            try one(c.exec("UPDATE jobs SET composition = '{}' WHERE id = $1", [.int64(w.running)]))
        },
        Row(label: "change a job's output (`output_location`)", outcomes: allow(.owner)) { c, w in
            try one(c.exec("UPDATE jobs SET output_location = '/outside/pwned.mp4' WHERE id = $1", [.int64(w.running)]))
        },
        Row(label: "change a job's owner", outcomes: allow(.owner)) { c, w in
            try one(c.exec("UPDATE jobs SET owner = 'mallory' WHERE id = $1", [.int64(w.running)]))
        },
        Row(label: "change a segment's frames and content hash", outcomes: allow(.owner)) { c, w in
            try one(c.exec("UPDATE segments SET frame_end = frame_end + 1, content_hash = 'x' WHERE job_id = $1",
                           [.int64(w.running)]))
        },
        Row(label: "set a job's priority (`JobSQL.setPriority`)", outcomes: allow(.owner, .operate, .api)) { c, w in
            try one(c.exec(JobSQL.setPriority.sql, [.int64(w.running), .int(9), nil]))
        },
        Row(label: "set a fair-share weight (`ShareSQL.set`, `reel db share`)", outcomes: allow(.owner)) { c, _ in
            _ = try c.exec(ShareSQL.set.sql, [.text("mallory"), .int(100)])
        },
        Row(label: "claim a segment (`SegmentSQL.claim`)", outcomes: allow(.owner, .worker)) { c, _ in
            try one(c.exec(SegmentSQL.claim.sql, [nil, .int(1), .text("matrix"), .array([String]()),
                                                  .int64(30_000_000), .uuid(UUID())]))
        },
        Row(label: "heartbeat a segment (`SegmentSQL.heartbeat`)", outcomes: allow(.owner, .worker)) { c, w in
            try one(c.exec(SegmentSQL.heartbeat.sql, [.int64(w.leased), .uuid(w.token), nil, .int64(30_000_000),
                                                      .int64(5)]))
        },
        Row(label: "complete a segment (`SegmentSQL.complete`)", outcomes: allow(.owner, .worker)) { c, w in
            try one(c.exec(SegmentSQL.complete.sql, [.int64(w.leased), .uuid(w.token), .text("/parts/m.mp4"),
                                                     .int64(10), .int64(500_000), nil]))
        },
        Row(label: "fail a segment's attempt (`SegmentSQL.fail`)", outcomes: allow(.owner, .worker)) { c, w in
            try one(c.exec(SegmentSQL.fail.sql, [.int64(w.leased), .uuid(w.token), .text("x"), nil, .int64(1000),
                                                 .int64(1000), .bool(false), .text(AttemptError.Kind.unknown)]))
        },
        Row(label: "claim a job's stitch (`JobSQL.stitchClaim`)", outcomes: allow(.owner, .worker)) { c, _ in
            try one(c.exec(JobSQL.stitchClaim.sql, [nil, .text("matrix"), .int64(30_000_000), .array([String]()),
                                                    .bool(true), .bool(true)]))
        },
        Row(label: "fail a job (`JobSQL.stop`)", outcomes: allow(.owner, .worker, .operate, .api)) { c, w in
            try stop(c, w.running, as: "failed")
        },
        Row(label: "cancel a job (`JobSQL.stop`)", outcomes: allow(.owner, .operate, .api, trigger: [.worker])) { c, w in
            try stop(c, w.running, as: "canceled")
        },
        Row(label: "retry a canceled job (`JobSQL.requeue`)", outcomes: allow(.owner, .operate, .api, trigger: [.worker])) { c, w in
            _ = try c.exec(SegmentSQL.retryForJob.sql, [.int64(w.canceled), nil])
            try one(c.exec(JobSQL.requeue.sql, [.int64(w.canceled)]))
        },
        Row(label: "register a worker (`WorkerSQL.register`)", outcomes: allow(.owner, .worker)) { c, _ in
            try one(c.exec(WorkerSQL.register.sql, [.text("matrix"), .text("h"), .int(1), .text("t"),
                                                    .array([String]()), nil]))
        },
        Row(label: "read jobs, segments and workers", outcomes: allow(.owner, .submit, .worker, .operate, .monitor, .api)) { c, w in
            try one(c.exec(JobSQL.list.sql, [.array([String]()), .int(10), nil, .int(0), nil]))
            try one(c.exec(SegmentSQL.listForJob.sql, [.int64(w.running)]))
            _ = try c.exec(WorkerSQL.list.sql)
        },
        Row(label: "read the event log (`EventSQL.listForJob`)", outcomes: allow(.owner, .monitor, .api)) { c, w in
            try one(c.exec(EventSQL.listForJob.sql, [.int64(w.running)]))
        },
        Row(label: "write an event", outcomes: allow(.owner)) { c, w in
            try one(c.exec("INSERT INTO queue_events (job_id, to_state) VALUES ($1, 'done')", [.int64(w.running)]))
        },
        Row(label: "change an event", outcomes: allow(.owner)) { c, w in
            try one(c.exec("UPDATE queue_events SET message = 'x' WHERE job_id = $1", [.int64(w.running)]))
        },
        Row(label: "delete an event", outcomes: allow(.owner)) { c, w in
            try one(c.exec("DELETE FROM queue_events WHERE job_id = $1", [.int64(w.running)]))
        },
        Row(label: "resolve a token and record its use (`TokenSQL.resolve`)", outcomes: allow(.owner, .api)) { c, w in
            try one(c.exec(TokenSQL.resolve.sql, [.text(w.tokenHash), nil]))
        },
        Row(label: "read the tokens and their webhook secrets (`TokenSQL.webhookSecret`)", outcomes: allow(.owner, .api)) { c, w in
            try one(c.exec(TokenSQL.webhookSecret.sql, [.int64(w.tokenID)]))
        },
        Row(label: "create a token (`TokenSQL.insert`)", outcomes: allow(.owner)) { c, _ in
            let hash = String(repeating: "b", count: 64)
            try one(c.exec(TokenSQL.insert.sql, [.text("mallory"), .text("admin"), .text(hash), .text(hash), nil, nil, nil,
                                                 nil, nil, .array([String]()), nil]))
        },
        Row(label: "revoke a token (`TokenSQL.revoke`)", outcomes: allow(.owner)) { c, w in
            try one(c.exec(TokenSQL.revoke.sql, [.int64(w.tokenID), nil]))
        },
        Row(label: "widen a token's scope, roots or expiry", outcomes: allow(.owner)) { c, w in
            try one(c.exec("UPDATE api_tokens SET scope = 'admin', output_root = '/', expires_at = NULL WHERE id = $1",
                           [.int64(w.tokenID)]))
        },
        Row(label: "change a job's name, tags or attempts", outcomes: allow(.owner)) { c, w in
            try one(c.exec("UPDATE jobs SET name = 'x', required_tags = '{}', max_attempts = 99 WHERE id = $1",
                           [.int64(w.running)]))
        },
        Row(label: "delete a job", outcomes: allow(.owner)) { c, w in
            try one(c.exec("DELETE FROM jobs WHERE id = $1", [.int64(w.running)]))
        },
        Row(label: "truncate the queue", outcomes: allow(.owner)) { c, _ in
            _ = try c.exec("TRUNCATE jobs CASCADE")
        },
        Row(label: "create a table", outcomes: allow(.owner)) { c, _ in
            _ = try c.exec("CREATE TABLE matrix_evil (a integer)")
        },
    ]

    /// The table as deploy/README.md prints it.
    static var markdown: String {
        let header = "| statement | " + Role.allCases.map(\.rawValue).joined(separator: " | ") + " |\n"
            + "|---|" + String(repeating: "---|", count: Role.allCases.count) + "\n"
        return header + rows.map { row in
            "| \(row.label) | " + row.outcomes.map(\.rawValue).joined(separator: " | ") + " |\n"
        }.joined()
    }

    // MARK: - Statements

    /// - Parameter token: the API token that submits it (`JobSQL.insertByToken`); nil for `JobSQL.insert`.
    static func insertJob(_ c: PGConnection, token: Int64? = nil) throws -> Int64 {
        var values: [PGValue?] = [.text("matrix"), .text("mallory"), .text("{}"), .text("/out/matrix-\(UUID().uuidString).mp4"),
                                  .int(0), .int(3), .array([String]()), .int(1), .int64(10), nil, nil]
        if let token { values.append(.int64(token)) }
        let r = try c.exec((token == nil ? JobSQL.insert : JobSQL.insertByToken).sql, values)
        return try requireValue(r.rows.first?.int64("id"), "no job id")
    }

    static func insertSegment(_ c: PGConnection, job: Int64, index: Int) throws {
        _ = try c.exec(SegmentSQL.insertMany.sql, [
            .int64(job), .int(0), .array([String]()), .int(3), nil, .array([String(index)]), .array([Int64?(0)]),
            .array([Int64?(10)]), .array([Int64?(0)]), .array([Int64?(16000)]), .array(["matrix-hash"]),
            .array([Int64?.none]), .array([String?.none]),
        ])
    }

    static func stop(_ c: PGConnection, _ job: Int64, as state: String) throws {
        try one(c.exec(JobSQL.stop.sql, [.int64(job), .text(state), .text("matrix"), nil]))
        _ = try c.exec(SegmentSQL.cancelForJob.sql, [.int64(job)])
    }

    /// Success only when the statement returned or changed a row.
    static func one(_ r: PGResult) throws {
        guard r.rowCount > 0 || r.affected > 0 else { throw Refusal(description: "ran, but touched no row") }
    }

    static func requireValue<T>(_ value: T?, _ what: String) throws -> T {
        guard let value else { throw Refusal(description: what) }
        return value
    }
}
