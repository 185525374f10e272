import Foundation
import ReelTestSupport
import Testing
import ReelQueue

extension FarmTests {
    /// A stranger's broken source on a real farm: the job fails at once, the worker lives on.
    @Suite("Hostile input") struct Hostile {}
}

extension FarmTests.Hostile {
    @Test("a source that probes but cannot be decoded fails its job on the first attempt; the worker renders the next job")
    func undecodableSourceFailsAtOnce() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let good = try await farm.makeProject()
        let bad = try Self.brokenCopy(of: good, in: farm)
        let worker = try farm.startWorker("survivor")
        let badJob = try await farm.submit(bad, output: farm.root.appendingPathComponent("out/bad.mov").path,
                                           extra: ["--max-attempts", "3"])
        let failed = try await farm.waitForJob(badJob)
        #expect(failed.state == .failed, "bad job ended \(failed.state.rawValue)\n\(farm.workerLogs())")
        let segments = try farm.queue().segmentList(jobID: badJob)
        let broken = try #require(segments.first { $0.state == .failed }, "no failed segment: \(segments)")
        #expect(broken.attempt == 1 && broken.errors.count == 1,
                "a permanent error was retried: attempt \(broken.attempt), errors \(broken.errors.map(\.message))")
        #expect(broken.errors.first?.message.contains("b.mp4") == true, "\(broken.errors)")
        #expect(worker.isRunning, "the worker died on a bad file:\n\(worker.tail())")

        let output = farm.root.appendingPathComponent("out/good.mov").path
        let goodJob = try await farm.submit(good, output: output)
        let done = try await farm.waitForJob(goodJob)
        #expect(done.state == .done, "good job ended \(done.state.rawValue): \(done.error ?? "")\n\(farm.workerLogs())")
        #expect(FileManager.default.fileExists(atPath: output))
        #expect(!FileManager.default.fileExists(atPath: farm.root.appendingPathComponent("out/bad.mov").path))
        #expect(await farm.drainWorkers().isEmpty)
    }

    /// A copy of the project whose clip b.mp4 keeps its index (moov first) but loses 60% of its media data:
    /// it probes as 2 s of video and fails while decoding.
    static func brokenCopy(of composition: String, in farm: FarmFixture) throws -> String {
        let good = URL(fileURLWithPath: composition).deletingLastPathComponent()
        let copy = farm.root.appendingPathComponent("broken")
        try FileManager.default.copyItem(at: good, to: copy)
        let clip = copy.appendingPathComponent("media/b.mp4"), whole = copy.appendingPathComponent("whole.mp4")
        try TestProcess.ffmpeg(["-i", clip.path, "-c", "copy", "-movflags", "+faststart", whole.path])
        let data = try Data(contentsOf: whole)
        try data.prefix(data.count * 2 / 5).write(to: clip)
        return copy.appendingPathComponent("comp.json").path
    }
}
