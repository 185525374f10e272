import Foundation
import Testing
@testable import ReelQueue

/// Workers say when they drain and stop; silent ones show as gone and are pruned (both drivers).
@Suite struct WorkerRegistryTests {
    @Test("running, draining, stopped, gone, pruned", arguments: QueueKind.allCases)
    func lifecycle(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            for id in ["steady", "drainer", "dead"] {
                try q.workerRegister(WorkerRegisterParams(workerID: id, host: "h", pid: 1, version: "t", tags: []))
            }
            func status(_ id: String) throws -> String? {
                try q.workerList().first { $0.id == id }?.status(now: clock.now(), goneAfter: .seconds(120))
            }
            try q.workerHeartbeat(WorkerHeartbeatParams(workerID: "steady", currentSegmentID: 7))
            #expect(try status("steady") == "working" && status("dead") == "idle")
            try q.workerSetState("drainer", .draining)
            #expect(try status("drainer") == "draining")
            clock.advance(by: .seconds(100))
            try q.workerHeartbeat(WorkerHeartbeatParams(workerID: "steady"))
            try q.workerSetState("drainer", .stopped)
            clock.advance(by: .seconds(60))
            #expect(try status("steady") == "idle" && status("drainer") == "stopped" && status("dead") == "gone")
            #expect(throws: QueueError.self) { try q.workerSetState("nobody", .stopped) }

            #expect(try q.workerPrune(olderThan: .seconds(150)) == 1, "only the dead one is that old")
            #expect(try q.workerList().map(\.id).sorted() == ["drainer", "steady"])
            try q.workerRegister(WorkerRegisterParams(workerID: "drainer", host: "h", pid: 2, version: "t", tags: []))
            #expect(try q.workerList().first { $0.id == "drainer" }?.state == .running, "registering again runs")
        }
    }
}
