import Foundation
import ReelQueue
import ReelRender
import Testing
@testable import ReelFarm

/// The stitcher joins only the parts its job's own composition plans. A job row comes from whoever may submit: one
/// that names another job's content hashes (so its segments count as done by reuse at insert) must not have the
/// other job's parts stitched into its output, and a hash that is no hash must never become a path.
@Suite struct StitchPlanCheckTests {
    @Test("a job whose rows name another job's parts fails at its stitch, and nothing of the other job is published")
    func anotherJobsHashesAreRefused() throws {
        let bench = try TrustBench("stitch-plan")
        defer { bench.remove() }
        let victim = try bench.project(try bench.composition(seconds: 2, name: "victim.json"))
        let victimJob = try bench.insertJob(victim, output: bench.path("out/victim.mp4"))
        #expect(try bench.runWorker(victimJob).state == .done)

        try FileManager.default.copyItem(atPath: bench.path("outside/red.mp4"), toPath: bench.path("media/mine.mp4"))
        let mine = try bench.project(try bench.composition(asset: "mine.mp4", seconds: 2, name: "mine.json"))
        #expect(mine.plan.segments.map(\.contentHash) != victim.plan.segments.map(\.contentHash))
        let forged = zip(mine.plan.segments, victim.plan.segments).map { own, theirs in
            SegmentSpec(index: own.index, frames: own.frames, samples: own.samples, contentHash: theirs.contentHash)
        }
        let spec = JobSpec(name: "forged", composition: try mine.request.encoded(),
                           outputLocation: bench.path("out/mine.mp4"), segments: forged)
        let inserted = try bench.queue.jobInsert(JobInsertParams(spec: spec, reuseParts: true))
        #expect(inserted.reusedSegments == forged.count, "the forged rows did not count as done by reuse")

        let job = try bench.runWorker(inserted.jobID)
        #expect(job.state == .failed, "the forged job was \(job.state)")
        #expect(job.error?.contains("is not a part of this job's plan") == true, "\(job.error ?? "no error")")
        #expect(bench.bytes("out/mine.mp4") == nil, "the other job's parts were published as this job's output")
    }

    @Test("a stitch claim whose hash is no content hash is refused before any path is made of it")
    func aHashThatIsAPathIsRefused() throws {
        let bench = try TrustBench("stitch-path")
        defer { bench.remove() }
        let project = try bench.project(try bench.composition())
        let planned = try #require(project.plan.segments.first)
        #expect {
            try StitchRun.checkPlanned(index: 0, frames: planned.frames, contentHash: "../../outside/red",
                                       in: project.plan)
        } throws: { error in
            "\(error)".contains("segment 0: its part ../../outside/red is not a part of this job's plan")
        }
    }
}
