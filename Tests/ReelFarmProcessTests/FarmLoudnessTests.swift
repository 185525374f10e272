import Foundation
import ReelTestSupport
import Testing

extension FarmTests.Monitoring {
    @Test("a loudness job's correction is stored with the job: status --json, status and the web API show it")
    func loudnessReport() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let loud = try String(contentsOfFile: composition, encoding: .utf8).replacingOccurrences(
            of: #""bitrate": 96 }"#, with: #""bitrate": 96, "loudness": { "integrated": "-20", "truePeak": "-2" } }"#)
        try #require(loud.contains("loudness"))
        try loud.write(toFile: composition, atomically: true, encoding: .utf8)
        _ = try farm.startWorker("loud-1")
        let output = farm.root.appendingPathComponent("out/loud.mov")
        let id = try await farm.submit(composition, output: output.path)
        let job = try await farm.waitForJob(id)
        #expect(job.state == .done, "\(farm.workerLogs())")

        let status = try #require(try TestJSON.parse(try await farm.check(["status", "\(id)", "--json"]).stdout) as? [String: Any])
        let stored = try #require((status["job"] as? [String: Any])?["loudness"] as? [String: Any], "\(status)")
        #expect((stored["target_lufs"] as? NSNumber)?.doubleValue == -20, "\(stored)")
        let reached = try #require((stored["output_integrated_lufs"] as? NSNumber)?.doubleValue, "\(stored)")
        #expect(abs(reached + 20) <= 0.1 && stored["limiter_acted"] is Bool && stored["gain_db"] is NSNumber, "\(stored)")
        let text = try await farm.check(["status", "\(id)"]).stdout
        #expect(text.contains("  loudness  input ") && text.contains("; gain "), "\(text)")

        let serve = try await ServeProcess(farm)
        defer { serve.stop() }
        let reply = try serve.request("GET", "/api/v1/jobs/\(id)")
        #expect(reply.status == 200 && reply.body.contains(#""loudness":{"#) && reply.body.contains(#""gain_db":"#), "\(reply)")
        #expect(await farm.drainWorkers().isEmpty)
    }
}
