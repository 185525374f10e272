import Foundation
import ReelTestSupport
import Testing
import ReelFarm
import ReelQueue
import ReelRender

extension FarmTests {
    @Suite("Thumbnails") struct Thumbnails {}
}

extension FarmTests.Thumbnails {
    @Test("a farm worker that cannot write a thumbnail logs it; the segment and the job are done, the others have theirs")
    func thumbnailFailureIsLoggedNotFailed() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let id = try await farm.submit(composition, output: farm.root.appendingPathComponent("out/thumbs.mov").path)
        let store = PartStore(root: farm.storage)
        let segments = try farm.queue().segmentList(jobID: id).sorted { $0.index < $1.index }
        try #require(segments.count >= 4 && segments.allSatisfy { $0.state == .available })
        // A non-empty folder where segment 1's thumbnail goes: the worker's rename over it fails, as root too.
        let blocked = store.files(for: segments[1].contentHash).thumbnail
        try FileManager.default.createDirectory(atPath: blocked + "/occupied", withIntermediateDirectories: true)

        let worker = try farm.startWorker("thumbs-1")
        let job = try await farm.waitForJob(id)
        #expect(job.state == .done, "\(job.error ?? "")\n\(farm.workerLogs())")
        #expect(await farm.drainWorkers().isEmpty)
        let done = try farm.queue().segmentList(jobID: id)
        #expect(done.allSatisfy { $0.state == .done && $0.errors.isEmpty && $0.attempt == 1 }, "\(done.map(\.errors))")
        for segment in done where segment.index != 1 {
            let facts = try TestProcess.probe(URL(fileURLWithPath: store.files(for: segment.contentHash).thumbnail),
                                              stream: "v:0", entries: "codec_name,width")
            #expect(facts["codec_name"] == "mjpeg" && facts["width"] == "160", "segment \(segment.index): \(facts)")
        }
        #expect(JobPoster.existing(for: done, store: store) != nil, "no poster")
        let logs = worker.stderr
        let line = logs.split(separator: "\n").first { $0.contains("thumbnail not written, part kept") }
        #expect(line?.contains("segment=1") == true && line?.contains(blocked) == true, "worker logs:\n\(logs)")
    }
}
