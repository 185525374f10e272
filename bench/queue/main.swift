// bench-queue: claim + complete throughput with concurrent workers (one thread and one connection each, claiming
// one segment at a time), and the time to submit a 5,000-segment job, for the PostgreSQL queue and, as the
// reference, the in-memory queue. Targets: >= 2,000 segments/s with 32 workers; < 2 s to submit 5,000 segments.
//
//     eval "$(scripts/test-postgres.sh)"       # or pass --db URL / set REEL_DATABASE_URL
//     swift run -c release bench-queue          # --workers 32 --segments 20000 --submit 5000 [--memory-only | --postgres-only]
//
// It migrates a throwaway schema (reel_bench_<random>) and drops it afterwards. The throughput run also drains
// the three submitted jobs, so it completes 3 x submit + segments segments.
// (No README beside this file: SwiftPM would warn about an unhandled file in the target.)
import Dispatch
import Foundation
import ReelQueue
import Synchronization

/// Writes a line at once (print is fully buffered into a pipe).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

struct Options {
    var db: String?
    var workers = 32
    var segments = 20_000
    var submit = 5_000
    var memoryOnly = false
    var postgresOnly = false

    init(_ args: [String]) {
        var it = args.dropFirst().makeIterator()
        while let a = it.next() {
            switch a {
            case "--db": db = it.next()
            case "--workers": workers = Int(it.next() ?? "") ?? workers
            case "--segments": segments = Int(it.next() ?? "") ?? segments
            case "--submit": submit = Int(it.next() ?? "") ?? submit
            case "--memory-only": memoryOnly = true
            case "--postgres-only": postgresOnly = true
            default: say("unknown option \(a)"); exit(2)
            }
        }
        let env = ProcessInfo.processInfo.environment
        db = db ?? env["REEL_TEST_DATABASE_URL"] ?? env["REEL_DATABASE_URL"]
    }
}

func makeSpec(segments n: Int, tag: String) -> JobSpec {
    let payload = Data(repeating: 0x7b, count: 256)
    let segs = (0..<n).map { i in
        SegmentSpec(index: i, frames: Int64(i) * 48..<Int64(i + 1) * 48, samples: Int64(i) * 76800..<Int64(i + 1) * 76800,
                    contentHash: "\(tag)-\(i)", payload: payload)
    }
    return JobSpec(name: "bench \(tag)", composition: "bench.json", outputLocation: "/tmp/bench.mp4", segments: segs)
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

/// Fills the queue with `total` segments, then lets `workers` threads claim and complete until it is empty.
func benchThroughput(_ queues: [any SegmentQueue], total: Int) throws -> (Int, Double) {
    var left = total
    while left > 0 {
        let n = min(left, 5_000)
        _ = try queues[0].jobInsert(JobInsertParams(spec: makeSpec(segments: n, tag: UUID().uuidString), reuseParts: false))
        left -= n
    }
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

func report(_ label: String, _ queues: [any SegmentQueue], _ o: Options) throws {
    let submits = try benchSubmit(queues[0], o.submit)
    let (n, t) = try benchThroughput(queues, total: o.segments)
    let sorted = submits.sorted()
    say(String(format: "%@: submit %d segments: best %.3f s, median %.3f s (target < 2 s)",
                 label, o.submit, sorted[0], sorted[1]))
    say(String(format: "%@: claim+complete, %d workers: %d segments in %.2f s = %.0f segments/s (target >= 2000)",
                 label, queues.count, n, t, Double(n) / t))
}

let o = Options(CommandLine.arguments)
do {
    if !o.postgresOnly {
        let memory = InMemorySegmentQueue()
        try report("memory", Array(repeating: memory, count: o.workers), o)
    }
    guard !o.memoryOnly else { exit(0) }
    guard let url = o.db else {
        say("no database: pass --db URL or set REEL_TEST_DATABASE_URL (eval \"$(scripts/test-postgres.sh)\")")
        exit(1)
    }
    let schema = "reel_bench_" + String(UUID().uuidString.lowercased().filter { $0 != "-" }.prefix(12))
    let config = PostgresQueueConfiguration(databaseURL: url, schema: schema, maxConnections: 1,
                                            applicationName: "reel-bench")
    let migrator = Migrator(config)
    try migrator.migrate()
    defer { try? migrator.dropSchema() }
    let queues: [any SegmentQueue] = try (0..<o.workers).map { _ in try PostgresSegmentQueue(config) }
    if ProcessInfo.processInfo.environment["REEL_BENCH_PROBE"] != nil {
        let id = try queues[0].jobInsert(JobInsertParams(spec: makeSpec(segments: 10, tag: "probe"))).jobID
        let t = try seconds { for _ in 0..<2000 { _ = try queues[0].jobGet(id) } }
        say(String(format: "probe: jobGet %.1f µs per call", t / 2000 * 1e6))
        let t2 = try seconds { for _ in 0..<2000 { _ = try queues[0].segmentHeartbeat(Lease(segmentID: 1, jobID: id, attempt: 1, token: UUID()), leaseDuration: .seconds(1)) } }
        say(String(format: "probe: heartbeat (no row) %.1f µs per call", t2 / 2000 * 1e6))
    }
    try report("postgres", queues, o)
} catch {
    say("bench-queue failed: \(error)")
    exit(1)
}
