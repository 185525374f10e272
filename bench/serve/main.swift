// bench-serve: reel serve's pages and API with 100 jobs × 1,000 segments in PostgreSQL, and the cost of 50
// open event streams. Targets: the jobs page and a job page (the HTML and the JSON each loads) under 200 ms;
// at most one snapshot refresh (one batch of queries) per change batch, whatever the number of streams.
//
//     eval "$(scripts/test-postgres.sh)"          # or --db URL / REEL_DATABASE_URL
//     swift run -c release bench-serve             # [--jobs 100] [--segments 1000] [--streams 50] [--batches 10]
//
// It fills a throwaway schema, serves it with the same FarmHub and ServeApp as `reel serve`, times each address
// over loopback (the first request of each, which reads the database, and the median and worst of 20 more), then
// opens the streams and makes change batches (a cancel and a retry of another job, 1 s apart), counting refreshes
// and the statements PostgreSQL counted (pg_stat_database.xact_commit) per batch, with 1 stream and with 50.
import Foundation
import ReelRecords
import ReelQueue
import ReelServe

func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

struct Options {
    var db: String?
    var jobs = 100, segments = 1000, streams = 50, batches = 10
    init(_ args: [String]) {
        var it = args.dropFirst().makeIterator()
        while let a = it.next() {
            switch a {
            case "--db": db = it.next()
            case "--jobs": jobs = Int(it.next() ?? "") ?? jobs
            case "--segments": segments = Int(it.next() ?? "") ?? segments
            case "--streams": streams = Int(it.next() ?? "") ?? streams
            case "--batches": batches = Int(it.next() ?? "") ?? batches
            default: say("unknown option \(a)"); exit(2)
            }
        }
        let env = ProcessInfo.processInfo.environment
        db = db ?? env["REEL_TEST_DATABASE_URL"] ?? env["REEL_DATABASE_URL"]
    }
}

func fill(_ queue: PostgresSegmentQueue, _ o: Options) throws -> [Int64] {
    try (0..<o.jobs).map { j in
        let segs = (0..<o.segments).map { i in
            SegmentSpec(index: i, frames: Int64(i) * 48..<Int64(i + 1) * 48, samples: Int64(i) * 76800..<Int64(i + 1) * 76800,
                        contentHash: "bench-\(j)-\(i)-\(UUID().uuidString.prefix(8))")
        }
        let spec = JobSpec(name: "bench job \(j) <b>", composition: "{}", outputLocation: "/tmp/bench-\(j).mp4",
                           priority: j % 3, segments: segs)
        return try queue.jobInsert(JobInsertParams(spec: spec, reuseParts: false)).jobID
    }
}

let o = Options(CommandLine.arguments)
guard let url = o.db else { say("no database: --db URL or REEL_TEST_DATABASE_URL"); exit(1) }
let schema = "reel_bench_serve_" + String(UUID().uuidString.lowercased().filter { $0 != "-" }.prefix(8))
let config = PostgresQueueConfiguration(databaseURL: url, schema: schema, maxConnections: 4, applicationName: "bench-serve")
let migrator = Migrator(config)
do {
    try migrator.migrate()
    defer { try? migrator.dropSchema() }
    let queue = try PostgresSegmentQueue(config)
    let t0 = Date()
    let ids = try fill(queue, o)
    say(String(format: "filled %d jobs × %d segments in %.1f s", o.jobs, o.segments, Date().timeIntervalSince(t0)))
    // Segments in every state on the watched job: some done, some running.
    let watched = ids[ids.count / 2]
    try Workload.progress(queue, jobs: [watched, ids[0]], done: o.segments / 2, running: 8)
    for (name, read) in [("jobStatusList(100 jobs)", { _ = try queue.jobStatusList(JobListParams(limit: 500)) }),
                         ("metricsSample", { _ = try queue.metricsSample() }),
                         ("segmentList(one job)", { _ = try queue.segmentList(jobID: watched) }),
                         ("workerList", { _ = try queue.workerList() })] as [(String, () throws -> Void)] {
        var times: [Double] = []
        for _ in 0..<5 { let t = Date(); try read(); times.append(Date().timeIntervalSince(t) * 1000) }
        say(String(format: "%@: %.1f ms (median of 5; first %.1f ms)", name, times.sorted()[2], times[0]))
    }
    let segs = try queue.segmentList(jobID: watched)
    var t = Date()
    let objects = segs.map { FarmJSON.segment($0, now: Date()) }
    let build = Date().timeIntervalSince(t) * 1000
    t = Date()
    let bytes = FarmJSON.data(["segments": objects], pretty: false).count
    say(String(format: "encode %d segments: objects %.1f ms, serialise %.1f ms (%d bytes)", segs.count, build,
               Date().timeIntervalSince(t) * 1000, bytes))
    let hub = FarmHub(queue: queue, waiter: { try QueueListener(configuration: config,
                                                                channels: [QueueListener.eventsChannel(schema: schema)]) })
    var limits = ServeLimits()   // every stream comes from this one address
    limits.streams = max(limits.streams, o.streams)
    limits.streamsPerClient = limits.streams
    limits.requestsPerMinute = 1_000_000   // the benchmark measures the server, not its rate limit
    let app = ServeApp(hub: hub, token: "bench-token-0123456789", writer: queue, images: nil, limits: limits)
    var httpLimits = HTTPLimits()
    httpLimits.connectionsPerAddress = max(httpLimits.connectionsPerAddress, o.streams + 16)
    httpLimits.connections = max(httpLimits.connections, httpLimits.connectionsPerAddress)
    let server = try HTTPServer(listen: try ListenAddress(parsing: "127.0.0.1:0"), limits: httpLimits, handler: { app.handle($0) })
    hub.start()
    defer { hub.close(); server.stop() }
    let http = Loopback(port: server.port)
    for path in ["/", "/api/v1/jobs", "/jobs/\(watched)", "/api/v1/jobs/\(watched)", "/workers", "/metrics"] {
        say(try http.timing(path))
    }
    try Streams.measure(http: http, hub: hub, queue: queue, config: config, job: watched, other: ids[0],
                        counts: [1, o.streams], batches: o.batches)
} catch {
    say("bench-serve: \(error)")
    exit(1)
}
