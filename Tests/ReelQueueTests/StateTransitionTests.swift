import Foundation
import Testing
@testable import ReelQueue

/// Every (from, to) pair against the diagram in docs/queue-states.md, the in-memory queue and the database trigger.
@Suite struct StateTransitionTests {
    /// The diagram's edges, written out apart from `canTransition(to:)`.
    static let segmentEdges: Set<String> = [
        "available>running", "available>canceled", "running>done", "running>available", "running>failed",
        "running>canceled", "failed>available", "canceled>available", "done>available",
    ]
    static let jobEdges: Set<String> = [
        "queued>running", "queued>stitching", "queued>canceled", "running>stitching", "running>failed",
        "running>canceled", "stitching>done", "stitching>failed", "stitching>canceled", "failed>queued",
        "canceled>queued", "stitching>running",
    ]

    @Test("S: from > to matches the diagram", arguments: SegmentState.allCases, SegmentState.allCases)
    func segmentPair(from: SegmentState, to: SegmentState) {
        #expect(from.canTransition(to: to) == Self.segmentEdges.contains("\(from.rawValue)>\(to.rawValue)"))
    }

    @Test("J: from > to matches the diagram", arguments: JobState.allCases, JobState.allCases)
    func jobPair(from: JobState, to: JobState) {
        #expect(from.canTransition(to: to) == Self.jobEdges.contains("\(from.rawValue)>\(to.rawValue)"))
    }

    @Test("the in-memory queue refuses what canTransition refuses", arguments: SegmentState.allCases, SegmentState.allCases)
    func memorySegmentPair(from: SegmentState, to: SegmentState) throws {
        var state = MemoryState()
        let jobID = state.insert(makeSpec(segments: 1), reusable: [:], now: Date()).jobID
        let id = try #require(state.jobs[jobID]?.segmentIDs.first)
        if from != .available { state.removeAvailable(state.segments[id]!.segment) }
        state.segments[id]?.segment.state = from
        let moved = Result { try state.moveSegment(id, to: to, at: Date()) }
        #expect(((try? moved.get()) != nil) == from.canTransition(to: to), "S: \(from) > \(to)")
    }

    @Test("the in-memory queue refuses job moves canTransition refuses", arguments: JobState.allCases, JobState.allCases)
    func memoryJobPair(from: JobState, to: JobState) throws {
        var state = MemoryState()
        let jobID = state.insert(makeSpec(segments: 1), reusable: [:], now: Date()).jobID
        state.jobs[jobID]?.job.state = from
        let moved = Result { try state.moveJob(jobID, to: to, at: Date()) }
        #expect(((try? moved.get()) != nil) == from.canTransition(to: to), "J: \(from) > \(to)")
    }

    @Test("the database trigger allows exactly the segment transitions canTransition allows")
    func databaseSegmentPairs() throws {
        try withTestSchema { config in
            let c = try PGConnection(url: config.databaseURL, applicationName: "reel-test", schema: config.schema)
            for from in SegmentState.allCases {
                for to in SegmentState.allCases where to != from {
                    let id = try TransitionSQL.insertJobWithSegment(on: c, job: .running, segment: from)
                    let outcome = Result { try c.exec(TransitionSQL.moveSegment, [.int64(id), .text(to.rawValue)]) }
                    try expectOutcome(outcome, allowed: from.canTransition(to: to), "S: \(from) > \(to)")
                }
            }
        }
    }

    @Test("the database trigger allows exactly the job transitions canTransition allows")
    func databaseJobPairs() throws {
        try withTestSchema { config in
            let c = try PGConnection(url: config.databaseURL, applicationName: "reel-test", schema: config.schema)
            for from in JobState.allCases {
                for to in JobState.allCases where to != from {
                    let jobID = try c.exec(TransitionSQL.insertJob, [.text(from.rawValue)]).rows[0].int64("id")!
                    let outcome = Result { try c.exec(TransitionSQL.moveJob, [.int64(jobID), .text(to.rawValue)]) }
                    try expectOutcome(outcome, allowed: from.canTransition(to: to), "J: \(from) > \(to)")
                }
            }
        }
    }

    @Test("CHECK constraints refuse inconsistent rows")
    func databaseChecks() throws {
        try withTestSchema { config in
            let c = try PGConnection(url: config.databaseURL, applicationName: "reel-test", schema: config.schema)
            let id = try TransitionSQL.insertJobWithSegment(on: c, job: .running, segment: .available)
            let bad = [
                "UPDATE segments SET state = 'running' WHERE id = $1",               // no lease
                "UPDATE segments SET state = 'bogus' WHERE id = $1",                 // unknown state
                "UPDATE segments SET attempt = max_attempts + 1 WHERE id = $1",      // too many attempts
                "UPDATE segments SET lease_token = gen_random_uuid() WHERE id = $1", // leased while available
                "UPDATE jobs SET state = 'failed', finished_at = now() WHERE id = (SELECT job_id FROM segments WHERE id = $1)",
            ]
            for sql in bad {
                #expect(throws: QueueError.self, "\(sql)") { try c.exec(sql, [.int64(id)]) }
            }
        }
    }

    private func expectOutcome(_ r: Result<PGResult, any Error>, allowed: Bool, _ label: String) throws {
        switch r {
        case .success: #expect(allowed, "\(label) was accepted")
        case .failure(let e):
            #expect(!allowed, "\(label) was refused: \(e)")
            #expect("\(e)".contains("is not allowed"), "\(label) must be refused by the trigger, not a CHECK: \(e)")
        }
    }
}

/// Rows in any state, with the columns each state's CHECKs demand.
enum TransitionSQL {
    /// A job in `job` with one segment in `segment`, inserted in one transaction (as migration 0006 requires);
    /// the segment's id.
    static func insertJobWithSegment(on c: PGConnection, job: JobState, segment: SegmentState) throws -> Int64 {
        try c.transaction { () throws(QueueError) in
            let jobID = try c.exec(insertJob, [.text(job.rawValue)]).rows[0].int64("id")!
            return try c.exec(insertSegment, [.int64(jobID), .text(segment.rawValue)]).rows[0].int64("id")!
        }
    }


    static let insertJob = """
        INSERT INTO jobs (name, composition, output_location, state, max_attempts, segment_count, frame_count,
            created_at, started_at, finished_at, error, stitch_lease_token, stitch_leased_by, stitch_lease_expires_at)
        SELECT 'pairs', 'c', 'o-' || gen_random_uuid(), $1, 3, 1, 10, now(), now(),
            CASE WHEN $1 IN ('done', 'failed', 'canceled') THEN now() END, CASE WHEN $1 = 'failed' THEN 'x' END,
            CASE WHEN $1 = 'stitching' THEN gen_random_uuid() END, CASE WHEN $1 = 'stitching' THEN 's' END,
            CASE WHEN $1 = 'stitching' THEN now() END
        RETURNING id
        """
    static let insertSegment = """
        INSERT INTO segments (job_id, segment_index, frame_start, frame_end, sample_start, sample_end, content_hash,
            state, priority, max_attempts, scheduled_at, attempt, lease_token, leased_by, lease_expires_at,
            part_location, finished_at, errors)
        SELECT $1, 0, 0, 10, 0, 100, 'h', $2::text, 0, 3, now(), 1,
            CASE WHEN $2::text IN ('running', 'canceled') THEN gen_random_uuid() END, 'w',
            CASE WHEN $2::text IN ('running', 'canceled') THEN now() END, CASE WHEN $2::text = 'done' THEN '/p' END,
            CASE WHEN $2::text = 'done' THEN now() END,
            CASE WHEN $2::text = 'failed' THEN '[{"attempt": 1, "message": "x", "at_us": 0}]'::jsonb ELSE '[]' END
        RETURNING id
        """
    static let moveSegment = """
        UPDATE segments SET state = $2, attempt = 1,
            lease_token = CASE WHEN $2 IN ('running', 'canceled') THEN gen_random_uuid() END,
            lease_expires_at = CASE WHEN $2 IN ('running', 'canceled') THEN now() END,
            part_location = CASE WHEN $2 = 'done' THEN '/p' END, finished_at = CASE WHEN $2 = 'done' THEN now() END,
            errors = CASE WHEN $2 = 'failed' THEN '[{"attempt": 1, "message": "x", "at_us": 0}]'::jsonb ELSE '[]' END
        WHERE id = $1
        """
    static let moveJob = """
        UPDATE jobs SET state = $2, finished_at = CASE WHEN $2 IN ('done', 'failed', 'canceled') THEN now() END,
            error = CASE WHEN $2 = 'failed' THEN 'x' END,
            stitch_lease_token = CASE WHEN $2 = 'stitching' THEN gen_random_uuid() END,
            stitch_leased_by = CASE WHEN $2 = 'stitching' THEN 's' END,
            stitch_lease_expires_at = CASE WHEN $2 = 'stitching' THEN now() END
        WHERE id = $1
        """
}
