import Foundation
import Testing
@testable import ReelQueue

/// What only PostgreSQL can show of fair share: what one claim reads, and that a segment's owner is its job's.
@Suite struct FairSharePostgresTests {
    /// A job of `owner` with `count` 10-frame segments.
    func ownedSpec(_ owner: String, name: String, segments count: Int) -> JobSpec {
        var spec = makeSpec(name: name, segments: count)
        spec.owner = owner
        return spec
    }

    /// The rows the nodes of `plan` (EXPLAIN ANALYZE text) that scan `segments` returned or filtered out, over all
    /// their loops.
    func segmentRowsRead(_ plan: [String]) -> Int {
        func number(after key: String, in line: String) -> Int? {
            line.range(of: key).flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber }) }
        }
        var total = 0, onSegments = false, loops = 1
        for line in plan {
            if line.contains("->") || !line.hasPrefix(" ") {
                onSegments = line.contains(" on segments")
                loops = number(after: "loops=", in: line) ?? 1
                if onSegments { total += (number(after: "rows=", in: line) ?? 0) * loops }
            } else if onSegments, let removed = number(after: "Rows Removed by Filter: ", in: line) {
                total += removed * loops
            }
        }
        return total
    }

    @Test("one claim reads the active jobs' groups and the running set, not the 2,000 older segments of another owner")
    func claimCostIsBounded() throws {
        try withTestSchema { config in
            let q = try PostgresSegmentQueue(config)
            _ = try insert(q, ownedSpec("film", name: "film", segments: 2_000))
            let spots = try (0..<10).map { i in try insert(q, ownedSpec("spots", name: "spot\(i)", segments: 2)) }
            for i in 0..<8 { _ = try #require(try claimOne(q, worker: "w\(i)")) }   // 4 film, 4 spots running
            let c = try PGConnection(url: config.databaseURL, applicationName: "reel-test-fair", schema: config.schema)
            try c.execScript("ANALYZE segments; ANALYZE jobs; PREPARE fair_claim(bigint, int, text, text[], bigint, uuid) AS "
                             + SegmentSQL.claim.sql)
            let run = "EXECUTE fair_claim(NULL, 1, 'w-x', '{}', 60000000, gen_random_uuid())"
            for mode in ["force_custom_plan", "force_generic_plan"] {
                try c.execScript("SET plan_cache_mode = \(mode)")
                let plan = try c.exec("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) " + run).rows.map { $0.text("\"QUERY PLAN\"") }
                let read = segmentRowsRead(plan)
                #expect(read < 60, "\(mode): the claim read \(read) segment rows:\n\(plan.joined(separator: "\n"))")
                #expect(!plan.contains { $0.contains("Seq Scan on segments") }, "\(mode)")
            }
            // The two EXPLAIN ANALYZE runs claimed for real: at 40 frames each, the film's older head; then spots.
            #expect(try q.segmentList(jobID: spots[2]).map(\.state) == [.running, .available])
        }
    }

    @Test("a segment whose owner is not its job's is refused (no one moves work into another's share)")
    func forgedOwnerRefused() throws {
        try withTestSchema { config in
            let c = try PGConnection(url: config.databaseURL, applicationName: "reel-test-fair", schema: config.schema)
            let forged = """
                WITH j AS (INSERT INTO jobs (name, owner, composition, output_location, max_attempts, segment_count,
                    frame_count, created_at) VALUES ('x', 'editor1', 'c.json', '/out/x.mp4', 3, 1, 10, now()) RETURNING id)
                INSERT INTO segments (job_id, segment_index, frame_start, frame_end, sample_start, sample_end,
                    content_hash, state, priority, max_attempts, scheduled_at, owner)
                SELECT id, 0, 0, 10, 0, 0, 'h', 'available', 0, 3, now(), $1 FROM j
                """
            let refused = #expect(throws: QueueError.self) { try c.exec(forged, [.text("editor2")]) }
            #expect(refused.map { "\($0)" }?.contains("a segment's owner must be its job's owner") == true, "\(String(describing: refused))")
            _ = try c.exec(forged, [.text("editor1")])
            let q = try PostgresSegmentQueue(config)
            #expect(try claimOne(q)?.segment.index == 0)
        }
    }

    @Test("migration 15 gives a done segment left at an old priority its job's, and the part sent back is claimed")
    func migrationAlignsPriorities() throws {
        try withTestSchema { config in
            let q = try PostgresSegmentQueue(config)
            let job = try insert(q, ownedSpec("film", name: "film", segments: 2))
            let first = try #require(try claimOne(q))
            #expect(try complete(q, first.lease))
            let migrator = Migrator(config)
            #expect(try migrator.migrateDown(to: 14) == [15])
            // What version 14's priority change left: the job and its unfinished segment at 5, the done one at 0.
            let c = try PGConnection(url: config.databaseURL, applicationName: "reel-test-fair", schema: config.schema)
            _ = try c.exec("UPDATE jobs SET priority = 5 WHERE id = $1", [.int64(job)])
            _ = try c.exec("UPDATE segments SET priority = 5 WHERE job_id = $1 AND state <> 'done'", [.int64(job)])
            #expect(try migrator.migrate() == [15])
            #expect(try q.segmentList(jobID: job).map(\.priority) == [5, 5])
            let second = try #require(try claimOne(q))
            #expect(try complete(q, second.lease))
            let stitch = try #require(try q.stitchClaim(StitchClaimParams(workerID: "s")))
            #expect(try q.stitchRequeue(stitch.lease, segmentIDs: [first.segment.id], message: "part missing"))
            #expect(try claimOne(q)?.segment.id == first.segment.id, "the requeued segment must not be stranded")
        }
    }
}
