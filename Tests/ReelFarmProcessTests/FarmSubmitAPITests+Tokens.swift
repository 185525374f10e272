import Foundation
import ReelTestSupport
import Testing
@testable import ReelQueue

extension FarmTests.SubmitAPI {
    @Test("an API token's user owns what it submits, and the token's own roots bound it: outputs under its output root, sources only under its media roots")
    func tokensOwnAndBoundTheirJobs() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let project = farm.root.appendingPathComponent("project")
        try await FarmMedia.makeClips(in: project.appendingPathComponent("media"), logs: farm.logs)
        let shared = farm.root.appendingPathComponent("out"), own = farm.root.appendingPathComponent("editor1-out")
        let elsewhere = farm.root.appendingPathComponent("editor2-media")
        for folder in [shared, own, elsewhere] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let editor1 = try await FarmTests.ServeTokens.token(farm, user: "editor1", scope: "submit",
                                                           extra: ["--media-root", project.path, "--output-root", own.path])
        let editor2 = try await FarmTests.ServeTokens.token(farm, user: "editor2", scope: "submit",
                                                           extra: ["--media-root", elsewhere.path])
        let serve = try await ServeProcess(farm, arguments: ["--api-tokens", "--media-root", project.path,
                                                             "--output-root", shared.path])
        defer { serve.stop() }

        let first = try serve.request("POST", "/api/v1/jobs", headers: [("Authorization", "Bearer \(editor1.text)"), Self.json],
                                      body: Self.envelope(output: "spot.mp4"))
        #expect(first.status == 201, "\(first)")
        let jobs = try farm.queue().jobList(JobListParams())
        let job = try #require(jobs.first, "editor1's job was queued: \(first)")
        #expect(job.owner == "editor1", "the token's user owns the job, not \"\(job.owner)\"")
        #expect(job.outputLocation == own.appendingPathComponent("spot.mp4").path,
                "the output is named under editor1's own root, not \(job.outputLocation)")

        // editor2's token reads only under its own (empty) media root: the project's clips lie outside it.
        let second = try serve.request("POST", "/api/v1/jobs", headers: [("Authorization", "Bearer \(editor2.text)"), Self.json],
                                       body: Self.envelope(output: "spot2.mp4"))
        #expect(second.status == 422 && second.body.contains("composition.assets"), "\(second)")
        #expect(try farm.queue().jobList(JobListParams()).count == 1, "nothing of editor2's was queued")
    }
}
