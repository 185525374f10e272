import Foundation
import ReelRecords
import ReelTestSupport
import Testing

/// The one JSON style on the farm's commands: snake_case keys, and the shapes of FarmJSON that the HTTP API serves.
extension FarmTests {
    @Suite("JSON style") struct JSONStyle {}
}

extension FarmTests.JSONStyle {
    @Test("submit, worker, watch, status, jobs, workers and gc --json use snake_case keys, the shapes of FarmJSON")
    func farmCommands() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let worker = try farm.startWorker("json-1", extra: ["--json"])
        let submitted = try await farm.check(["submit", composition, "-o", farm.root.appendingPathComponent("out/j.mov").path,
                                              "--lossless", "--segment-seconds", "1", "--json"])
        #expect(try TestJSON.badKeys(submitted.stdout).isEmpty)
        let id = try #require(((try TestJSON.parse(submitted.stdout) as? [String: Any])?["job"] as? NSNumber)?.int64Value)
        let watch = try await farm.check(["watch", "\(id)", "--json"])
        let badWatch = try TestJSON.badKeys(watch.stdout, lines: true)
        #expect(badWatch.isEmpty, "reel watch --json: \(badWatch)")
        _ = try await farm.waitForJob(id)

        let status = try await farm.check(["status", "\(id)", "--json"]).stdout
        let jobs = try await farm.check(["jobs", "--json"]).stdout
        let workers = try await farm.check(["workers", "--json"]).stdout
        let gc = try await farm.check(["gc", "--json", "--dry-run"]).stdout
        for (name, text) in [("status", status), ("jobs", jobs), ("workers", workers), ("gc", gc)] {
            let bad = try TestJSON.badKeys(text)
            #expect(bad.isEmpty, "reel \(name) --json: \(bad)")
        }
        // The CLI prints the shapes the HTTP API serves.
        let queue = try farm.queue()
        let printed = try #require(try TestJSON.parse(status) as? [String: Any])
        let shared = FarmJSON.status(try queue.jobStatus(id))
        #expect(Set(printed.keys) == Set(shared.keys), "reel status --json and FarmJSON.status differ")
        #expect(Set((printed["job"] as? [String: Any] ?? [:]).keys) == Set((shared["job"] as? [String: Any] ?? [:]).keys))
        let listed = try #require((try TestJSON.parse(workers) as? [[String: Any]])?.first { $0["id"] as? String == "json-1" })
        let info = try #require(try queue.workerList().first { $0.id == "json-1" })
        #expect(Set(listed.keys) == Set(FarmJSON.worker(info, now: Date()).keys))
        #expect((listed["last_seen_at"] as? String)?.hasSuffix("Z") == true, "\(listed)")

        #expect(await farm.drainWorkers().isEmpty)
        let logLines = worker.stderr.split(separator: "\n").filter { $0.hasPrefix("{") }.joined(separator: "\n")
        #expect(logLines.contains("\"msg\":\"segment done\""), "\(worker.tail())")
        let badLog = try TestJSON.badKeys(logLines, lines: true)
        #expect(badLog.isEmpty, "reel worker --json: \(badLog)")
        let segments = try queue.segmentList(jobID: id).map { FarmJSON.segment($0, now: Date()) }
        #expect(try TestJSON.badKeys(FarmJSON.string(segments)).isEmpty)
    }
}
