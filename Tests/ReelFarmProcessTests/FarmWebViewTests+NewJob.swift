import Foundation
import ReelTestSupport
import Testing
import ReelQueue

extension FarmTests.WebView {
    /// The New job page in real headless Chromium, against `reel serve --api-tokens` and one worker: an editor signs
    /// in with their token, sees a bad composition's problems at their paths (markup as text), submits an OTIO
    /// timeline made by `reel export-otio`, and follows it to done on its job page.
    @Test("the New job page: sign in, 422 problems at their paths as text, an OTIO timeline queued and followed to done")
    func newJobPage() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let (project, outputs) = try await FarmTests.SubmitAPI.mediaAndOutputs(farm)
        let composition = project.appendingPathComponent("comp.json"), good = project.appendingPathComponent("spot.otio")
        try FarmMedia.composition.write(to: composition, atomically: true, encoding: .utf8)
        try await farm.check(["export-otio", composition.path, "-o", good.path])
        let bad = project.appendingPathComponent("bad.json")
        try FarmMedia.composition.replacingOccurrences(of: "media/a.mp4", with: "media/<b>none</b>.mp4")
            .write(to: bad, atomically: true, encoding: .utf8)
        let editor = try await FarmTests.ServeTokens.token(farm, user: "editor1", scope: "submit")
        let serve = try await ServeProcess(farm, arguments: ["--api-tokens", "--media-root", project.path, "--output-root", outputs.path])
        defer { serve.stop() }

        let shots = TestKeep.folder?.appendingPathComponent("newjob") ?? farm.logs.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let ready = farm.root.appendingPathComponent("ready")
        let script = URL(fileURLWithPath: Self.script).deletingLastPathComponent().appendingPathComponent("newjob_check.py").path
        let check = try TestChild(name: "chromium-newjob", executable: try Self.python(),
                                  arguments: [script, "http://127.0.0.1:\(serve.port)", editor.text, good.path, bad.path,
                                              shots.path, ready.path],
                                  environment: farm.environment, logs: farm.logs)
        defer { check.ensureDead() }
        _ = try await TestProcess.waitFor("the page to queue the job", timeout: .seconds(120),
                                          context: { check.stdout + check.tail() }) {
            FileManager.default.fileExists(atPath: ready.path) ? true : (check.isRunning ? nil : false)
        }
        let queued = try farm.queue().jobList(JobListParams(limit: 10))
        #expect(queued.count == 1, "the refused composition queued nothing, the OTIO one a job: \(queued.map(\.name))")
        let job = try #require(queued.first)
        #expect(job.owner == "editor1" && job.priority == 3 && job.outputLocation == outputs.appendingPathComponent("from-the-page.mp4").path,
                "\(job.owner) \(job.priority) \(job.outputLocation)")
        _ = try farm.startWorker("newjob-1")
        let status = await check.wait(timeout: .seconds(300))
        #expect(status == 0, "\(check.stdout)\n\(check.tail(30))\n\(serve.child.tail())\n\(farm.workerLogs())")
        #expect(check.stdout.contains("{\"ok\": true}"), "\(check.stdout)")
        #expect(try farm.queue().jobGet(job.id).state == .done)
        #expect(FileManager.default.fileExists(atPath: job.outputLocation), "the job's output was published")
    }
}
