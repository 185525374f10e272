import Foundation
import ReelQueue
import ReelRender
import ReelTestSupport
import Testing
@testable import ReelFarm

/// A part deleted after its segment was done and before the stitch: the stitcher sends that segment back,
/// a worker renders it again, and the job completes with the same output as before.
@Suite struct StitchMissingPartTests {
    @Test(arguments: StitchStage.Driver.allCases)
    func aDeletedPartIsRenderedAgainAndTheJobCompletes(driver: StitchStage.Driver) async throws {
        let dir = try TempDir("missing-part")
        defer { dir.remove() }
        let (stage, project, farm) = try await StitchStage.rendered(in: dir, driver: driver)
        defer { farm?.drop() }
        let store = PartStore(root: dir("store").path)
        let victim = project.plan.segments[2]
        try FileManager.default.removeItem(atPath: store.files(for: victim.contentHash).video)

        let claim = try stage.claimStitch(leaseDuration: .seconds(300))
        try stage.worker.stitch(claim, stop: StopSignal())
        #expect(!FileManager.default.fileExists(atPath: dir("out.mov").path))
        let segments = try stage.queue.segmentList(jobID: claim.job.id)
        #expect(try stage.queue.jobGet(claim.job.id).state == .running)
        #expect(segments.filter { $0.state == .available }.map(\.index) == [victim.index], "\(segments.map(\.state))")
        #expect(segments[victim.index].errors.first?.message.contains("part missing or invalid") == true)

        stage.runUntilIdle()
        #expect(try stage.queue.jobGet(claim.job.id).state == .done)
        #expect(try Decoded.frameHashes(of: dir("out.mov"), scratch: dir.url)
                == Decoded.frameHashes(of: dir("reference.mov"), scratch: dir.url), "the healed output differs")
    }

    @Test("reel retry heals a failed job whose finished part is gone", arguments: StitchStage.Driver.allCases)
    func retryHealsAMissingPart(driver: StitchStage.Driver) async throws {
        let dir = try TempDir("retry-heal")
        defer { dir.remove() }
        let (stage, project, farm) = try await StitchStage.rendered(in: dir, driver: driver)
        defer { farm?.drop() }
        let store = PartStore(root: dir("store").path)
        let claim = try stage.claimStitch(leaseDuration: .seconds(300))
        #expect(try stage.queue.jobFail(claim.lease, message: "disk full while stitching"))
        try FileManager.default.removeItem(atPath: store.files(for: project.plan.segments[1].contentHash).audio)

        _ = try stage.queue.jobRetry(claim.job.id)
        stage.runUntilIdle()
        let job = try stage.queue.jobGet(claim.job.id)
        #expect(job.state == .done, "\(job.state): \(job.error ?? "")")
        let segment = try #require(try stage.queue.segmentList(jobID: claim.job.id).first { $0.index == 1 })
        #expect(segment.errors.contains { $0.message.contains("part missing or invalid") }, "\(segment.errors)")
        #expect(try Decoded.frameHashes(of: dir("out.mov"), scratch: dir.url)
                == Decoded.frameHashes(of: dir("reference.mov"), scratch: dir.url))
    }
}
