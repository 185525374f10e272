import Foundation
import ReelQueue
import ReelTestSupport
import Testing

extension FarmTests.Submit {
    /// The project is 4.1 s at 30 fps with a dissolve over frames [69, 84); 1.2..2.5 is frames 36..<75, its end
    /// inside the dissolve.
    @Test("submit --range: the farm publishes exactly the range, the bytes reel render --range writes")
    func rangeJobMatchesLocalRender() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let output = farm.root.appendingPathComponent("out/range.mov").path
        let id = try await farm.submit(composition, output: output, extra: ["--range", "1.2..2.5"])
        _ = try farm.startWorker("w")
        #expect(try await farm.waitForJob(id).state == .done, "\(farm.workerLogs())")
        let segments = try farm.queue().segmentList(jobID: id).sorted { $0.index < $1.index }
        #expect(segments.first?.frames.lowerBound == 36 && segments.last?.frames.upperBound == 75, "\(segments.map(\.frames))")
        let probed = try TestProcess.probe(URL(fileURLWithPath: output), stream: "v:0", entries: "nb_read_packets",
                                           countPackets: true)
        #expect(probed["nb_read_packets"] == "39", "\(probed)")

        let local = farm.root.appendingPathComponent("out/local.mov").path
        try await farm.check(["render", composition, "-o", local, "--lossless", "--segment-seconds", "1", "--range", "1.2..2.5",
                              "--workers", "1", "--storage", farm.root.appendingPathComponent("local-store").path])
        let published = try #require(FileManager.default.contents(atPath: output))
        #expect(FileManager.default.contents(atPath: local) == published, "the farm's output differs from reel render's")
    }
}
