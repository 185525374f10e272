import Foundation
import ReelTestSupport
import Synchronization
@testable import ReelQueue

/// One farm test's world: a throwaway schema on the test PostgreSQL server (migrated with
/// `reel db migrate --schema`), a temp folder with the project and its shared storage, and every
/// `reel` process started for it. `cleanup()` kills the processes and drops the schema.
final class FarmFixture: @unchecked Sendable {
    let root: URL
    let logs: URL
    let storage: String
    let schema: String
    let databaseURL: String
    let reel: String
    private let children = Mutex<[TestChild]>([])
    private let inspector = Mutex<PostgresSegmentQueue?>(nil)

    /// - Parameter databaseURL: the server; defaults to REEL_TEST_DATABASE_URL.
    init(databaseURL: String? = nil) async throws {
        self.databaseURL = try databaseURL ?? TestDatabase.url()
        reel = try TestBinary.reel()
        let token = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        schema = "farm_test_\(token)"
        root = FileManager.default.temporaryDirectory.appendingPathComponent("reel-farm-\(token)")
        logs = root.appendingPathComponent("logs")
        storage = root.appendingPathComponent("storage").path
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        try await TestProcess.check(reel, ["db", "migrate", "--schema", schema], environment: environment, logs: logs)
    }

    /// What every `reel` child gets: this fixture's database, schema and storage.
    var environment: [String: String] {
        ["REEL_DATABASE_URL": databaseURL, "REEL_SCHEMA": schema, "REEL_STORAGE": storage, "REEL_MEDIA_ROOTS": ""]
    }

    /// A queue on the fixture's schema, to look at segments and events directly (one, kept for the test).
    func queue() throws -> PostgresSegmentQueue {
        try inspector.withLock { queue in
            if let queue { return queue }
            let made = try PostgresSegmentQueue(PostgresQueueConfiguration(
                databaseURL: databaseURL, schema: schema, maxConnections: 2, applicationName: "reel-farm-test"))
            queue = made
            return made
        }
    }

    /// Writes the project (composition and a private copy of its clips) into the fixture's folder.
    func makeProject() async throws -> String {
        try await FarmMedia.makeProject(in: root.appendingPathComponent("project"), logs: logs)
    }

    /// Runs `reel ARGS` to completion.
    func run(_ arguments: [String], environment extra: [String: String] = [:],
             timeout: Duration = .seconds(60)) async throws -> TestOutput {
        try await TestProcess.run(reel, arguments, environment: environment.merging(extra) { $1 }, logs: logs, timeout: timeout)
    }

    /// Runs `reel ARGS`, which must exit 0.
    @discardableResult
    func check(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> TestOutput {
        try await TestProcess.check(reel, arguments, environment: environment, logs: logs, timeout: timeout)
    }

    /// `reel submit COMP -o OUT --lossless --segment-seconds 1 --json …`; the job id.
    func submit(_ composition: String, output: String, extra: [String] = []) async throws -> Int64 {
        let out = try await check(["submit", composition, "-o", output, "--lossless", "--segment-seconds", "1", "--json"]
                                  + extra)
        let object = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any]
        guard let id = (object?["job"] as? NSNumber)?.int64Value else {
            throw TestFailure("reel submit printed no job id: \(out.stdout)")
        }
        return id
    }

    /// Starts `reel worker --name NAME --lease-seconds 2 --retry-base-ms 200`, optionally inside a network
    /// namespace (`ip netns exec`, which execs, so the pid is the worker's) and with another database URL.
    /// Media and outputs must lie under the fixture's folder (`--media-root`, `--output-root`) unless `extra`
    /// gives roots of its own.
    func startWorker(_ name: String, namespace: String? = nil, databaseURL url: String? = nil,
                     extra: [String] = []) throws -> TestChild {
        let roots = ["--media-root", "--output-root"].filter { !extra.contains($0) }.flatMap { [$0, root.path] }
        let args = ["worker", "--name", name, "--lease-seconds", "2", "--retry-base-ms", "200"] + roots + extra
        var env = environment
        if let url { env["REEL_DATABASE_URL"] = url }
        let child = try namespace.map {
            try TestChild(name: name, executable: "/usr/sbin/ip", arguments: ["netns", "exec", $0, reel] + args,
                          environment: env, logs: logs)
        } ?? TestChild(name: name, executable: reel, arguments: args, environment: env, logs: logs)
        children.withLock { $0.append(child) }
        return child
    }

    /// Sends SIGTERM (drain) to every worker still running; each must exit 0 within `timeout`.
    /// Returns the names and statuses of those that did not.
    func drainWorkers(timeout: Duration = .seconds(15)) async -> [String] {
        let running = children.withLock { $0 }.filter(\.isRunning)
        running.forEach { $0.send(SIGTERM) }
        var bad: [String] = []
        for child in running {
            let status = await child.wait(timeout: timeout)
            if status != 0 { bad.append("\(child.name): \(status.map(String.init) ?? "still running")") }
        }
        return bad
    }

    /// Waits until the job leaves the active states; its final state.
    func waitForJob(_ id: Int64, timeout: Duration = .seconds(60)) async throws -> Job {
        let queue = try queue()
        return try await TestProcess.waitFor("job \(id) to end", timeout: timeout, poll: .milliseconds(100),
                                             context: { workerLogs() }) {
            let job = try queue.jobGet(id)
            return job.state.isActive ? nil : job
        }
    }

    /// `submit` with x264's slowest preset: the tiny test project renders at over 1,000 fps, fast enough that a whole
    /// job can finish between two polls of `stopMidSegment`; lossless output decodes to the same frames whatever
    /// the preset, so fingerprints still equal the reference.
    func submitSlow(_ composition: String, output: String, extra: [String] = []) async throws -> Int64 {
        try await submit(composition, output: output, extra: ["--preset", "placebo"] + extra)
    }

    /// Catches one of `workers` in the middle of a segment of job `jobID` and stops it there (SIGSTOP): waits
    /// until one holds a running segment, stops it, and checks the segment is still running under its lease
    /// (if it finished in between, continues the worker and tries again). Returns the worker, left stopped,
    /// and its segment. `resuming` are workers stopped (SIGSTOP) before the submit: they are continued only here,
    /// right before the poll, so a job that renders in a second cannot finish while the test waits to be resumed
    /// after its submit (the cooperative pool of a busy suite can take longer than that).
    @discardableResult
    func stopMidSegment(_ workers: [TestChild], jobID: Int64, resuming: [TestChild] = [],
                        timeout: Duration = .seconds(30)) async throws -> (worker: TestChild, segment: Segment) {
        let queue = try queue()
        resuming.forEach { $0.send(SIGCONT) }
        let byName = Dictionary(workers.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let deadline = ContinuousClock.now + timeout
        while true {
            let held = try TestProcess.waitForBlocking("one of \(byName.keys.sorted()) to hold a segment of job \(jobID)",
                                                     timeout: max(.milliseconds(1), deadline - ContinuousClock.now),
                                                     poll: .milliseconds(10), context: { workerLogs() }) {
                try queue.segmentList(jobID: jobID).lazy.compactMap { segment in
                    segment.state == .running ? segment.leasedBy.flatMap { byName[$0] }.map { ($0, segment) } : nil
                }.first
            }
            held.0.send(SIGSTOP)
            let now = try queue.segmentList(jobID: jobID).first { $0.id == held.1.id }
            if now?.state == .running && now?.leasedBy == held.0.name && now?.attempt == held.1.attempt { return held }
            held.0.send(SIGCONT)
        }
    }

    /// Waits until every named worker has registered.
    func waitForWorkers(_ names: [String], timeout: Duration = .seconds(30)) async throws {
        let queue = try queue()
        _ = try await TestProcess.waitFor("workers \(names) to register", timeout: timeout, context: { workerLogs() }) {
            Set(names).isSubset(of: Set(try queue.workerList().map(\.id))) ? true : nil
        }
    }

    /// Segments of the job in `state`.
    func segments(_ jobID: Int64, in state: SegmentState) throws -> [Segment] {
        try queue().segmentList(jobID: jobID).filter { $0.state == state }
    }

    /// The tail of every worker's log, for failure messages.
    func workerLogs() -> String {
        children.withLock { $0 }.map { $0.tail() }.joined(separator: "\n")
    }

    /// Kills what is left, drops the schema and removes the folder.
    func cleanup() {
        children.withLock { $0 }.forEach { $0.ensureDead() }
        inspector.withLock { $0 = nil }
        if let c = try? PGConnection(url: databaseURL, applicationName: "reel-farm-test-drop", schema: nil),
           let name = try? c.quoteIdentifier(schema) {
            try? c.execScript("DROP SCHEMA IF EXISTS \(name) CASCADE")
        }
        try? FileManager.default.removeItem(at: root)
    }
}
