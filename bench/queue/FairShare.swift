import Foundation
import ReelQueue

/// `bench-queue --fair`: claim + complete throughput of the fair-share claim against today's claim (7c905dc), with
/// pgbench's clients (one per worker) in interleaved rounds of one invocation, each variant on a fresh schema holding
/// the same jobs of several owners. Today's variant runs on today's schema: the same rows, migrated down to 7
/// (`segments_claim`, no owner column, no running index), so it pays none of fair share's index upkeep either.
enum FairShareBench {
    /// Today's claim statement (SegmentSQL.claim at 7c905dc), kept here for this comparison only: the product has
    /// only the fair-share claim.
    static let todaysClaim = """
        WITH mine AS (
            SELECT id FROM segments
            WHERE lease_expires_at IS NOT NULL AND lease_token = $6 AND state = 'running'
        ), c AS (
            SELECT id FROM segments
            WHERE state = 'available' AND scheduled_at <= reel_now($1) AND required_tags <@ $4::text[]
              AND NOT EXISTS (SELECT 1 FROM mine)
            ORDER BY priority DESC, scheduled_at, id
            LIMIT $2
            FOR UPDATE SKIP LOCKED
        ), s AS (
            UPDATE segments s SET state = 'running', attempt = s.attempt + 1, lease_token = $6,
                leased_by = $3, lease_expires_at = reel_now($1) + $5::bigint * interval '1 microsecond',
                progress_frames = 0, claimed_at = reel_now($1),
                claim_wait_us = GREATEST(0, reel_us(reel_now($1)) - reel_us(GREATEST(s.scheduled_at, s.available_at)))
            FROM c WHERE s.id = c.id
            RETURNING s.*
        ), j AS (
            UPDATE jobs SET state = 'running', started_at = coalesce(started_at, reel_now($1))
            WHERE id IN (SELECT job_id FROM s) AND state = 'queued'
        )
        SELECT \(columns) FROM s
        UNION ALL SELECT \(columns) FROM segments WHERE id IN (SELECT id FROM mine)
        ORDER BY priority DESC, scheduled_us, id
        """

    /// The columns both claims return (SegmentSQL.columns, unchanged since 7c905dc).
    static let columns = """
        id, job_id, segment_index, frame_start, frame_end, sample_start, sample_end, content_hash, state,
        priority, attempt, max_attempts, lease_token, leased_by, reel_us(lease_expires_at) AS lease_expires_us,
        reel_us(scheduled_at) AS scheduled_us, errors::text AS errors, part_location, reused_from, render_frames,
        render_us, reel_us(finished_at) AS finished_us, progress_frames, reel_us(claimed_at) AS claimed_us, claim_wait_us
        """

    enum Variant: String { case today, fair }

    static func script(_ variant: Variant) -> String {
        PgbenchReference.script(claim: variant == .today ? todaysClaim : PostgresSegmentQueue.claimStatement)
    }

    /// `total` available segments in jobs of 500, dealt round-robin to `owners` owners (owner i: "user-i").
    static func fill(_ q: any SegmentQueue, total: Int, owners: Int) throws {
        var left = total, job = 0
        while left > 0 {
            let n = min(left, 500)
            var spec = makeSpec(segments: n, tag: UUID().uuidString)
            spec.owner = "user-\(job % owners)"
            _ = try q.jobInsert(JobInsertParams(spec: spec, reuseParts: false))
            left -= n
            job += 1
        }
    }

    /// One variant on a fresh schema: segments/s, or nil with pgbench's reason.
    static func measure(_ variant: Variant, url: String, clients: Int, perClient: Int, owners: Int) throws -> Double? {
        try withSchema(url) { config in
            try fill(PostgresSegmentQueue(config), total: perClient * clients + clients, owners: owners)
            if variant == .today { _ = try Migrator(config).migrateDown(to: 7) }
            // Both start alike: vacuumed, analyzed, and no checkpoint of the previous variant's writes pending.
            if let problem = PgbenchReference.psql(url: url, schema: config.schema!, ["VACUUM ANALYZE", "CHECKPOINT"]) {
                say("\(variant): \(problem)")
            }
            let (tps, note) = PgbenchReference.run(url: url, schema: config.schema!, clients: clients, perClient: perClient,
                                                   script: script(variant))
            if tps == nil { say("\(variant): \(note)") }
            return tps
        }
    }

    /// Alternates the variants' order round by round (today first in even rounds) and prints each round's figures,
    /// then the median ratio.
    static func run(url: String, _ o: Options) throws {
        for clients in o.workers {
            let perClient = max(1, o.segments / clients)
            say("fair share against today's claim: \(clients) pgbench clients, \(perClient * clients) claim+complete "
                + "per variant, \(o.owners) owners, \(o.rounds) rounds; load average \(loadAverage())")
            var ratios: [Double] = []
            for round in 1...o.rounds {
                let order: [Variant] = round % 2 == 1 ? [.today, .fair] : [.fair, .today]
                var tps: [Variant: Double] = [:]
                for v in order { tps[v] = try measure(v, url: url, clients: clients, perClient: perClient, owners: o.owners) }
                guard let today = tps[.today], let fair = tps[.fair] else { continue }
                ratios.append(fair / today)
                say(String(format: "round %d (%@ first): today %.0f segments/s, fair %.0f segments/s, fair/today %.3f",
                           round, order[0].rawValue, today, fair, fair / today))
            }
            let sorted = ratios.sorted()
            guard !sorted.isEmpty else { continue }
            let median = (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
            say(String(format: "%d clients: fair/today median %.3f (min %.3f, max %.3f; target >= 0.9); load average %@",
                       clients, median, sorted[0], sorted[sorted.count - 1], loadAverage()))
        }
    }
}
