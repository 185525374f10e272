import Foundation
import ReelQueue

/// The reference for the PostgreSQL figure: pgbench (C, libpq, asynchronous clients) running the queue's claim and
/// complete statements, one claim + one complete per transaction, with as many clients as the bench has workers.
/// The ratio "reel / pgbench" says how much the Swift driver and the bench loop add on top of the SQL itself, and
/// stays meaningful on a loaded machine where absolute segments/s swing by 2x between runs.
enum PgbenchReference {
    /// The queue's claim (`PostgresSegmentQueue.claimStatement`) and completion.
    static var script: String { script(claim: PostgresSegmentQueue.claimStatement) }

    /// A pgbench script: `claim` with the bench's parameters as literals (now = server time, limit 1, no tags, a 60 s
    /// lease, a fresh token; both uses of the token are fresh, which only makes the rerun check find nothing), its row
    /// kept with `\\gset`, then `complete`.
    static func script(claim: String) -> String {
        var sql = claim
        for (n, literal) in [(6, "gen_random_uuid()"), (5, "60000000::bigint"), (4, "'{}'"), (3, "'pgbench'"), (2, "1"),
                             (1, "NULL::bigint")] {
            sql = sql.replacingOccurrences(of: "$\(n)", with: literal)
        }
        let oneLine = sql.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return oneLine + " \\gset\n" + complete
    }

    /// The completion of the claimed row (`SegmentSQL.complete`), its id and token from the claim's `\\gset`.
    static let complete = """
        UPDATE segments SET state = 'done', part_location = '/parts/pgbench', render_frames = 48, render_us = 100000, \
        finished_at = reel_now(NULL), lease_expires_at = NULL \
        WHERE id = :id AND lease_token = :lease_token::uuid AND state = 'running' RETURNING job_id;

        """

    /// Runs pgbench with `clients` clients, `perClient` transactions each, against `schema` (already filled with at
    /// least clients × perClient available segments). Returns transactions (= segments) per second, or nil with the
    /// reason when pgbench is missing or failed.
    static func run(url: String, schema: String, clients: Int, perClient: Int,
                    script: String = PgbenchReference.script) -> (tps: Double?, note: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reel-bench-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("claim-complete.sql")
        guard (try? script.write(to: file, atomically: true, encoding: .utf8)) != nil else { return (nil, "no temp dir") }
        let threads = max(1, min(clients, ProcessInfo.processInfo.activeProcessorCount))
        let (status, out) = tool(["pgbench", "-n", "-M", "prepared", "-c", "\(clients)", "-j", "\(threads)",
                                  "-t", "\(perClient)", "-f", file.path, url], schema: schema)
        guard status == 0, let tps = parseTPS(out) else { return (nil, out) }
        return (tps, "")
    }

    /// Runs each statement with psql in `schema`, each in its own transaction; nil when they worked, else psql's
    /// last lines.
    static func psql(url: String, schema: String, _ statements: [String]) -> String? {
        let (status, out) = tool(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1"] + statements.flatMap { ["-c", $0] } + [url],
                                 schema: schema)
        return status == 0 ? nil : out
    }

    /// Runs a PostgreSQL client (pgbench, psql) with `schema` as its search path: its exit status and output; on a
    /// failure the output is the reason ("pgbench failed (2): " and its last lines).
    static func tool(_ arguments: [String], schema: String) -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["PGOPTIONS"] = "-c search_path=\(schema)"
        p.environment = env
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        do { try p.run() } catch { return (1, "\(arguments[0]) not runnable: \(error)") }
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            return (p.terminationStatus, "\(arguments[0]) failed (\(p.terminationStatus)): "
                    + out.split(separator: "\n").suffix(3).joined(separator: " | "))
        }
        return (0, out)
    }

    /// The "tps = 1234.5 (without initial connection time)" line.
    static func parseTPS(_ out: String) -> Double? {
        for line in out.split(separator: "\n") where line.hasPrefix("tps = ") {
            return Double(line.dropFirst(6).prefix { $0 != " " })
        }
        return nil
    }
}
