import Foundation
import ReelQueue
import ReelRender
import ReelTestSupport
import Testing
@testable import ReelFarm

/// The worker's segment heartbeat carries the frames its render has finished, so the queue shows frames in
/// progress (the stall's failure kind is checked by the farm's stall tests).
@Suite struct ProgressReportTests {
    @Test("the segment keeper's heartbeat reports the progress watch's frames")
    func heartbeatCarriesProgress() throws {
        let dir = try TempDir("progress")
        defer { dir.remove() }
        let queue = InMemorySegmentQueue()
        let spec = JobSpec(name: "progress", composition: "c.json", outputLocation: dir("out.mov").path, segments: [
            SegmentSpec(index: 0, frames: 0..<48, samples: 0..<76_800, contentHash: "h0"),
        ])
        let jobID = try queue.jobInsert(JobInsertParams(spec: spec)).jobID
        let claimed = try #require(try queue.segmentClaim(SegmentClaimParams(workerID: "w", leaseDuration: .seconds(60))).first)
        let worker = Worker(queue: queue, configuration: WorkerConfiguration(
            workerID: "w", host: "test", store: PartStore(root: dir("store").path)), projects: ProjectCache())
        let watch = ProgressWatch(stallLimit: .seconds(60), deadline: .seconds(600))
        let keeper = worker.segmentKeeper(claimed, watch: watch)
        #expect(try keeper.beat() == .ok)
        #expect(try queue.jobStatus(jobID).framesInProgress == 0, "no frame yet")
        for frame in 1...17 { watch.advance(framesDone: Int64(frame)) }
        #expect(try keeper.beat() == .ok)
        #expect(try queue.segmentList(jobID: jobID).first?.progressFrames == 17)
        let status = try queue.jobStatus(jobID)
        #expect(status.framesInProgress == 17 && status.framesProgress == 17 && status.framesRemaining == 31)
    }
}
