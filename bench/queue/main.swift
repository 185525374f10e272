// bench-queue: claim + complete throughput with concurrent workers (one thread and one connection each, claiming
// one segment at a time), and the time to submit a 5,000-segment job, for the PostgreSQL queue and the in-memory
// queue. Targets: >= 2,000 segments/s with 32 workers; < 2 s to submit 5,000 segments.
//
//     eval "$(scripts/test-postgres.sh)"       # or pass --db URL / set REEL_DATABASE_URL
//     swift run -c release bench-queue          # --workers 8,16,32 --segments 20000 --submit 5000
//                                               # [--memory-only | --postgres-only] [--no-pgbench]
//     swift run -c release bench-queue --monitoring # the monitor's reads instead (Monitoring.swift)
//     swift run -c release bench-queue --fair --workers 32 --segments 12800 [--rounds 3] [--owners 4]
//                                               # fair-share claim against today's, pgbench (FairShare.swift)
//     swift run -c release bench-queue --fair-sim --workers 8,32,64 # film + spots waits (FairShareSim.swift)
//
// For each worker count it migrates a fresh throwaway schema (reel_bench_<random>), drains `segments` segments
// (plus, in the first, the three submitted jobs), and drops the schema. Unless --no-pgbench, it then runs pgbench
// with the same claim and complete statements and as many clients in another fresh schema, and prints the ratio
// (see PgbenchReference): on a shared 2-core machine the absolute figure swings with the load, the ratio much less.
// (No README beside this file: SwiftPM would warn about an unhandled file in the target.)
import Dispatch
import Foundation
import ReelQueue
import Synchronization

/// Writes a line at once (print is fully buffered into a pipe).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

struct Options {
    var db: String?
    var workers = [8, 16, 32]
    var segments = 20_000
    var submit = 5_000
    var memoryOnly = false
    var postgresOnly = false
    var pgbench = true
    var monitoring = false
    var fair = false
    var fairSim = false
    var rounds = 3
    var owners = 4

    init(_ args: [String]) {
        var it = args.dropFirst().makeIterator()
        while let a = it.next() {
            switch a {
            case "--db": db = it.next()
            case "--workers": workers = (it.next() ?? "").split(separator: ",").compactMap { Int($0) }
            case "--segments": segments = Int(it.next() ?? "") ?? segments
            case "--submit": submit = Int(it.next() ?? "") ?? submit
            case "--memory-only": memoryOnly = true
            case "--postgres-only": postgresOnly = true
            case "--no-pgbench": pgbench = false
            case "--monitoring": monitoring = true
            case "--fair": fair = true
            case "--fair-sim": fairSim = true
            case "--rounds": rounds = max(1, Int(it.next() ?? "") ?? rounds)
            case "--owners": owners = max(1, Int(it.next() ?? "") ?? owners)
            default: say("unknown option \(a)"); exit(2)
            }
        }
        let env = ProcessInfo.processInfo.environment
        db = db ?? env["REEL_TEST_DATABASE_URL"] ?? env["REEL_DATABASE_URL"]
    }
}

func makeSpec(segments n: Int, tag: String) -> JobSpec {
    let segs = (0..<n).map { i in
        SegmentSpec(index: i, frames: Int64(i) * 48..<Int64(i + 1) * 48, samples: Int64(i) * 76800..<Int64(i + 1) * 76800,
                    contentHash: "\(tag)-\(i)")
    }
    return JobSpec(name: "bench \(tag)", composition: "bench.json", outputLocation: "/tmp/bench-\(tag).mp4", segments: segs)
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let t0 = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
}

/// Submits `n`-segment jobs three times; returns the times.
func benchSubmit(_ q: any SegmentQueue, _ n: Int) throws -> [Double] {
    try (0..<3).map { r in
        let spec = makeSpec(segments: n, tag: "submit-\(r)-\(UUID().uuidString)")
        return try seconds { _ = try q.jobInsert(JobInsertParams(spec: spec)) }
    }
}

/// Inserts `total` available segments in jobs of at most 5,000.
func fill(_ q: any SegmentQueue, _ total: Int) throws {
    var left = total
    while left > 0 {
        let n = min(left, 5_000)
        _ = try q.jobInsert(JobInsertParams(spec: makeSpec(segments: n, tag: UUID().uuidString), reuseParts: false))
        left -= n
    }
}

/// Fills the queue with `total` segments, then lets `workers` threads claim and complete until it is empty.
func benchThroughput(_ queues: [any SegmentQueue], total: Int) throws -> (Int, Double) {
    for q in queues { _ = try q.workerList() }  // connects before the clock starts
    try fill(queues[0], total)
    let done = Atomic<Int>(0)
    let failures = Mutex<[String]>([])
    let group = DispatchGroup()
    let t = seconds {
        for (i, q) in queues.enumerated() {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    while let c = try q.segmentClaim(SegmentClaimParams(workerID: "bench-\(i)")).first {
                        let ok = try q.segmentComplete(SegmentCompleteParams(
                            lease: c.lease, partLocation: "/parts/\(c.lease.segmentID)-\(c.lease.token)",
                            stats: RenderStats(frames: 48, duration: .milliseconds(100))))
                        if ok { done.add(1, ordering: .relaxed) }
                    }
                } catch { failures.withLock { $0.append("\(error)") } }
            }.start()
        }
        group.wait()
    }
    if let f = failures.withLock({ $0.first }) { say("worker error: \(f)") }
    return (done.load(ordering: .relaxed), t)
}

/// Prints the submit times (when `submit`) and the claim + complete throughput; returns segments/s.
@discardableResult
func report(_ label: String, _ queues: [any SegmentQueue], _ o: Options, submit: Bool) throws -> Double {
    if submit {
        let sorted = try benchSubmit(queues[0], o.submit).sorted()
        say(String(format: "%@: submit %d segments: best %.3f s, median %.3f s (target < 2 s)",
                   label, o.submit, sorted[0], sorted[1]))
    }
    let (n, t) = try benchThroughput(queues, total: o.segments)
    say(String(format: "%@: claim+complete, %d workers: %d segments in %.2f s = %.0f segments/s (target >= 2000)",
               label, queues.count, n, t, Double(n) / t))
    return Double(n) / t
}

/// Runs `body` on a freshly migrated throwaway schema, dropped afterwards.
func withSchema<T>(_ url: String, _ body: (PostgresQueueConfiguration) throws -> T) throws -> T {
    let schema = "reel_bench_" + String(UUID().uuidString.lowercased().filter { $0 != "-" }.prefix(12))
    let config = PostgresQueueConfiguration(databaseURL: url, schema: schema, maxConnections: 1,
                                            applicationName: "reel-bench")
    let migrator = Migrator(config)
    try migrator.migrate()
    defer { try? migrator.dropSchema() }
    return try body(config)
}

/// The PostgreSQL run for one worker count, then pgbench with as many clients on the same statements.
func benchPostgres(_ url: String, workers: Int, _ o: Options, submit: Bool) throws {
    let rate = try withSchema(url) { config in
        let queues: [any SegmentQueue] = try (0..<workers).map { _ in try PostgresSegmentQueue(config) }
        return try report("postgres", queues, o, submit: submit)
    }
    guard o.pgbench else { return }
    let perClient = max(1, o.segments / workers)
    let (tps, note) = try withSchema(url) { config in
        try fill(PostgresSegmentQueue(config), perClient * workers + workers)
        return PgbenchReference.run(url: url, schema: config.schema!, clients: workers, perClient: perClient)
    }
    guard let tps else { return say("pgbench reference: \(note)") }
    say(String(format: "pgbench reference, same statements, %d clients: %.0f segments/s; reel/pgbench = %.2f",
               workers, tps, rate / tps))
}

func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
}

let o = Options(CommandLine.arguments)
do {
    say("load average: \(loadAverage())")
    if o.monitoring {
        if !o.postgresOnly { try benchMonitoring("memory", InMemorySegmentQueue()) }
        if !o.memoryOnly, let url = o.db { try withSchema(url) { try benchMonitoring("postgres", try PostgresSegmentQueue($0)) } }
        say("load average: \(loadAverage())")
        exit(0)
    }
    if o.fairSim {
        try FairShareSim.report(workers: o.workers)
        exit(0)
    }
    if o.fair {
        guard let url = o.db else { say("--fair needs a database: --db URL or REEL_TEST_DATABASE_URL"); exit(1) }
        try FairShareBench.run(url: url, o)
        exit(0)
    }
    if !o.postgresOnly {
        let memory = InMemorySegmentQueue()
        for (i, w) in o.workers.enumerated() { try report("memory", Array(repeating: memory, count: w), o, submit: i == 0) }
    }
    guard !o.memoryOnly else { exit(0) }
    guard let url = o.db else {
        say("no database: pass --db URL or set REEL_TEST_DATABASE_URL (eval \"$(scripts/test-postgres.sh)\")")
        exit(1)
    }
    for (i, w) in o.workers.enumerated() { try benchPostgres(url, workers: w, o, submit: i == 0) }
    say("load average: \(loadAverage())")
} catch {
    say("bench-queue failed: \(error)")
    exit(1)
}
