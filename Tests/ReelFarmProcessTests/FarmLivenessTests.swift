import Foundation
import ReelTestSupport
import Testing
import ReelQueue

extension FarmTests {
    /// Liveness lives in the worker's own presence thread: idle workers stay visibly alive, and a drained
    /// worker says it stopped.
    @Suite("Liveness") struct Liveness {}
}

extension FarmTests.Liveness {
    @Test("an idle worker keeps heartbeating; after SIGTERM it shows as stopped")
    func idleAndStopped() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        _ = try farm.startWorker("idler")
        try await farm.waitForWorkers(["idler"])
        let queue = try farm.queue()
        let first = try #require(try queue.workerList().first { $0.id == "idler" }).lastSeenAt
        let later = try await TestProcess.waitFor("a heartbeat while idle", timeout: .seconds(10)) {
            try queue.workerList().first { $0.id == "idler" && $0.lastSeenAt > first }
        }
        #expect(later.currentSegmentID == nil && later.state == .running)
        #expect(await farm.drainWorkers().isEmpty)
        let listed = try #require(try TestJSON.parse(try await farm.check(["workers", "--json"]).stdout) as? [[String: Any]])
        #expect(listed.first { $0["id"] as? String == "idler" }?["state"] as? String == "stopped", "\(listed)")
    }
}

extension FarmTests.Liveness {
    @Test("a job canceled mid-segment is logged as canceled, not as a lost lease; an idle drain says so")
    func cancelIsNotALostLease() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let worker = try farm.startWorker("canceler")
        let id = try await farm.submitSlow(composition, output: farm.root.appendingPathComponent("out/c.mov").path)
        try await farm.stopMidSegment([worker], jobID: id)
        try await farm.check(["cancel", "\(id)"])
        worker.send(SIGCONT)
        _ = try await TestProcess.waitFor("the worker to notice the cancel", timeout: .seconds(15), context: { worker.tail() }) {
            worker.stderr.contains("job canceled, segment stopped") ? true : nil
        }
        #expect(!worker.stderr.contains("lease lost"), "\(worker.tail())")
        #expect(await farm.drainWorkers().isEmpty)
        #expect(worker.stderr.contains("draining: no segment in progress, stopping"), "\(worker.tail())")
    }
}
