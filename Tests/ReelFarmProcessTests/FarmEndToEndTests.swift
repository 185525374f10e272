import Foundation
import Testing
import ReelQueue

/// The farm, end to end: real `reel` processes against the real PostgreSQL test server, each test in a
/// throwaway schema with its own shared storage folder. One after another (`.serialized`): they start
/// several rendering processes each, and leases of 2 s should not expire because tests starve each other.
@Suite("Farm", .serialized, .timeLimit(.minutes(3)))
struct FarmTests {
    @Suite("End to end") struct EndToEnd {}
}

extension FarmTests.EndToEnd {
    @Test("three workers render exactly what reel render --lossless renders, then drain on SIGTERM")
    func threeWorkers() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let reference = try await FarmReference.shared.value(logs: farm.logs)
        let composition = try await farm.makeProject()
        let workers = try (1...3).map { try farm.startWorker("e2e-\($0)") }
        try await farm.waitForWorkers(workers.map(\.name))
        let output = farm.root.appendingPathComponent("out/final.mov").path

        let id = try await farm.submit(composition, output: output)
        let job = try await farm.waitForJob(id)
        #expect(job.state == .done, "job ended \(job.state.rawValue): \(job.error ?? "")\n\(farm.workerLogs())")

        let result = try await FarmFingerprint.of(output, logs: farm.logs)
        #expect(result.videoFrames.count == FarmMedia.frames)
        #expect(result == reference.fingerprint, "farm output \(result) differs from reel render's \(reference.fingerprint)")

        let queue = try farm.queue()
        let segments = try queue.segmentList(jobID: id)
        #expect(segments.count >= 4 && segments.allSatisfy { $0.state == .done })
        let renderers = Set(try queue.eventList(jobID: id).compactMap { event -> String? in
            guard case .segment(_, .running, .done) = event.change else { return nil }
            return event.workerID
        })
        #expect(!renderers.isEmpty && renderers.isSubset(of: ["e2e-1", "e2e-2", "e2e-3"]), "done by \(renderers)")

        let stuck = await farm.drainWorkers()
        #expect(stuck.isEmpty, "workers that did not drain cleanly: \(stuck)\n\(farm.workerLogs())")
    }
}
