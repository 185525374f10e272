import Foundation
import ReelQueue
import ReelServe

enum Workload {
    /// Renders `done` segments and leaves `running` more running on each job: the strip shows every colour.
    static func progress(_ queue: PostgresSegmentQueue, jobs: [Int64], done: Int, running: Int) throws {
        for job in jobs {
            let before = try queue.jobPrioritySet(job, priority: 1000)
            let claimed = try queue.segmentClaim(SegmentClaimParams(workerID: "bench", limit: done + running,
                                                                    leaseDuration: .seconds(3600)))
            for c in claimed.prefix(done) {
                _ = try queue.segmentComplete(SegmentCompleteParams(lease: c.lease, partLocation: "/parts/\(c.lease.segmentID)",
                                                                    stats: RenderStats(frames: 48, duration: .milliseconds(900))))
            }
            _ = try queue.jobPrioritySet(job, priority: before)
        }
    }
}

enum Streams {
    /// Opens `count` event streams on `job`, each drained by its own thread, and returns a closer.
    static func open(_ http: Loopback, job: Int64, count: Int) throws -> () -> Void {
        let fds = try (0..<count).map { _ -> Int32 in
            let fd = try http.connect()
            let request = "GET /events?job=\(job) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            _ = request.withCString { send(fd, $0, strlen($0), 0) }
            Thread.detachNewThread {
                var buffer = [UInt8](repeating: 0, count: 65536)
                while recv(fd, &buffer, buffer.count, 0) > 0 {}
            }
            return fd
        }
        return { fds.forEach { shutdown($0, Int32(SHUT_RDWR)); close($0) } }
    }

    static func measure(http: Loopback, hub: FarmHub, queue: PostgresSegmentQueue, config: PostgresQueueConfiguration,
                        job: Int64, other: Int64, counts: [Int], batches: Int) throws {
        for count in counts {
            let closeAll = try open(http, job: job, count: count)
            Thread.sleep(forTimeInterval: 2)
            let (r0, x0) = (hub.refreshCount, try commits(config))
            let t0 = Date()
            for b in 0..<batches {
                if b.isMultiple(of: 2) { _ = try queue.jobCancel(other) } else { _ = try queue.jobRetry(other) }
                Thread.sleep(forTimeInterval: 1)
            }
            let wall = Date().timeIntervalSince(t0)
            Thread.sleep(forTimeInterval: 1.5)   // statistics reach pg_stat_database within a second
            let (r1, x1) = (hub.refreshCount, try commits(config))
            closeAll()
            say(String(format: "%3d streams: %d change batches in %.1f s → %d refreshes (%.2f per batch, polls every 2 s included), "
                       + "%d statements committed (%.1f per batch, the batches' own writes included)",
                       count, batches, wall, r1 - r0, Double(r1 - r0) / Double(batches), x1 - x0,
                       Double(x1 - x0) / Double(batches)))
        }
    }

    /// Transactions committed in this database so far (`pg_stat_database.xact_commit`), read with psql.
    static func commits(_ config: PostgresQueueConfiguration) throws -> Int {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        p.arguments = [config.databaseURL, "-tAc", "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        p.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard let n = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw BenchError("psql said \(text)") }
        return n - 1   // psql's own SELECT
    }
}
