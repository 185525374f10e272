import Foundation

/// The reference for the PostgreSQL figure: pgbench (C, libpq, asynchronous clients) running the queue's claim and
/// complete statements, one claim + one complete per transaction, with as many clients as the bench has workers.
/// The ratio "reel / pgbench" says how much the Swift driver and the bench loop add on top of the SQL itself, and
/// stays meaningful on a loaded machine where absolute segments/s swing by 2x between runs.
enum PgbenchReference {
    /// Mirrors `SegmentSQL.claim` and `SegmentSQL.complete` (internal to ReelQueue) with the bench's parameters
    /// written as literals (now = NULL, limit 1, no tags, 60 s lease). Keep in step with Sources/ReelQueue.
    static let script = """
        WITH c AS (SELECT id FROM segments WHERE state = 'available' AND scheduled_at <= reel_now(NULL) \
        AND required_tags <@ '{}'::text[] ORDER BY priority DESC, scheduled_at, id LIMIT 1 FOR UPDATE SKIP LOCKED), \
        s AS (UPDATE segments s SET state = 'running', attempt = s.attempt + 1, lease_token = gen_random_uuid(), \
        leased_by = 'pgbench', lease_expires_at = reel_now(NULL) + 60000000::bigint * interval '1 microsecond' \
        FROM c WHERE s.id = c.id RETURNING s.*), \
        j AS (UPDATE jobs SET state = 'running', started_at = coalesce(started_at, reel_now(NULL)) \
        WHERE id IN (SELECT job_id FROM s) AND state = 'queued') \
        SELECT id, job_id, segment_index, frame_start, frame_end, sample_start, sample_end, content_hash, \
        state, priority, attempt, max_attempts, lease_token, leased_by, reel_us(lease_expires_at) AS lease_expires_us, \
        reel_us(scheduled_at) AS scheduled_us, errors::text AS errors, part_location, reused_from, render_frames, \
        render_us, reel_us(finished_at) AS finished_us FROM s ORDER BY priority DESC, scheduled_at, id \\gset
        UPDATE segments SET state = 'done', part_location = '/parts/pgbench', render_frames = 48, render_us = 100000, \
        finished_at = reel_now(NULL), lease_expires_at = NULL \
        WHERE id = :id AND lease_token = :lease_token::uuid AND state = 'running' RETURNING job_id;

        """

    /// Runs pgbench with `clients` clients, `perClient` transactions each, against `schema` (already filled with at
    /// least clients × perClient available segments). Returns transactions (= segments) per second, or nil with the
    /// reason when pgbench is missing or failed.
    static func run(url: String, schema: String, clients: Int, perClient: Int) -> (tps: Double?, note: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reel-bench-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("claim-complete.sql")
        guard (try? script.write(to: file, atomically: true, encoding: .utf8)) != nil else { return (nil, "no temp dir") }
        let threads = max(1, min(clients, ProcessInfo.processInfo.activeProcessorCount))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["pgbench", "-n", "-M", "prepared", "-c", "\(clients)", "-j", "\(threads)", "-t", "\(perClient)",
                       "-f", file.path, url]
        var env = ProcessInfo.processInfo.environment
        env["PGOPTIONS"] = "-c search_path=\(schema)"
        p.environment = env
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        do { try p.run() } catch { return (nil, "pgbench not runnable: \(error)") }
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0, let tps = parseTPS(out) else {
            return (nil, "pgbench failed (\(p.terminationStatus)): " + out.split(separator: "\n").suffix(3).joined(separator: " | "))
        }
        return (tps, "")
    }

    /// The "tps = 1234.5 (without initial connection time)" line.
    static func parseTPS(_ out: String) -> Double? {
        for line in out.split(separator: "\n") where line.hasPrefix("tps = ") {
            return Double(line.dropFirst(6).prefix { $0 != " " })
        }
        return nil
    }
}
