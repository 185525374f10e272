import Foundation
import ReelQueue
import ReelRender
import ReelTestSupport
import Synchronization
import Testing
@testable import ReelFarm

/// Publishing is fenced: a stitcher whose job was canceled, or whose lease another stitcher took over,
/// leaves nothing at the output path, not even a temporary file. Both cases finish the stitch well within
/// one heartbeat interval, so only the check right before the rename can stop them.
@Suite struct StitchFenceTests {
    enum Fault: String, CaseIterable, CustomStringConvertible {
        case canceledJob, leaseTakenOver
        var description: String { rawValue }
    }

    @Test(arguments: Fault.allCases, StitchStage.Driver.allCases)
    func theOutputIsNotPublished(_ fault: Fault, driver: StitchStage.Driver) async throws {
        let dir = try TempDir("fence-\(fault)")
        defer { dir.remove() }
        let (stage, _, farm) = try await StitchStage.rendered(in: dir, driver: driver)
        defer { farm?.drop() }
        let claim = try stage.claimStitch(leaseDuration: fault == .leaseTakenOver ? .milliseconds(200) : .seconds(300))
        switch fault {
        case .canceledJob:
            #expect(try stage.queue.jobCancel(claim.job.id))
        case .leaseTakenOver:
            try await Task.sleep(for: .milliseconds(400))
            #expect(try stage.queue.rescueExpired(RescueParams(backoff: .none)) == 1)
            _ = try #require(try stage.queue.stitchClaim(StitchClaimParams(workerID: "second")), "the expired stitch was not re-claimed")
        }
        try stage.worker.stitch(claim, stop: StopSignal())
        let messages = stage.log.items.withLock { $0 }
        #expect(!FileManager.default.fileExists(atPath: dir("out.mov").path), "published despite \(fault): \(messages)")
        let left = try dir.contents()
        #expect(!left.contains { $0.contains(".tmp") }, "temporary file left: \(left)")
        #expect(messages.contains { $0.contains("nothing was written") }, "\(messages)")
    }
}

extension StitchFenceTests {
    @Test("a published output: the job records its size and the stitch time", arguments: StitchStage.Driver.allCases)
    func publishedOutputIsMeasured(driver: StitchStage.Driver) async throws {
        let dir = try TempDir("published-\(driver)")
        defer { dir.remove() }
        let (stage, _, farm) = try await StitchStage.rendered(in: dir, driver: driver)
        defer { farm?.drop() }
        let claim = try stage.claimStitch(leaseDuration: .seconds(300))
        try stage.worker.stitch(claim, stop: StopSignal())
        let size = try FileManager.default.attributesOfItem(atPath: dir("out.mov").path)[.size] as? NSNumber
        let job = try stage.queue.jobGet(claim.job.id)
        #expect(job.state == .done, "\(stage.log.items.withLock { $0 })")
        #expect(job.outputBytes != nil && job.outputBytes == size?.int64Value, "\(String(describing: job.outputBytes))")
        #expect(job.stitchDuration.map { $0 >= .zero } == true && job.stitchStartedAt != nil)
    }
}

/// A job whose segments are all done (their parts already in the store), ready for its stitch step,
/// on an in-memory queue, with a worker to stitch it.
final class StitchStage: Sendable {
    /// The in-memory queue of `reel render`, or the PostgreSQL queue of a farm (a throwaway schema).
    enum Driver: String, CaseIterable, CustomStringConvertible, Sendable {
        case memory, postgres
        var description: String { rawValue }
    }

    let queue: any SegmentQueue
    let worker: Worker
    let log = StitchEventLog()
    let projects = ProjectCache()

    /// Renders the four-clip project of `IncrementalRenderTests` (1 s segments, lossless) into `dir/store` and
    /// `dir/reference.mov`, then stages its stitch to `dir/out.mov` on `driver`'s queue. Clean up the fixture.
    static func rendered(in dir: TempDir, driver: Driver) async throws -> (StitchStage, Project, FarmSchema?) {
        let comp = try Rendering.write(IncrementalRenderTests.composition(try SharedClips.shared(), clipCStart: "0"), in: dir)
        let (project, _) = try Rendering.render(comp, to: dir("reference.mov"), storage: dir("store"), segmentSeconds: "1",
                                                lossless: true)
        let farm = driver == .postgres ? try FarmSchema() : nil
        let stage = try StitchStage(project: project, store: PartStore(root: dir("store").path), output: dir("out.mov").path,
                                    queue: farm?.queue ?? InMemorySegmentQueue())
        return (stage, project, farm)
    }

    init(project: Project, store: PartStore, output: String, queue: any SegmentQueue) throws {
        self.queue = queue
        let render = LocalRender(project: project, options: .init(workers: 1, store: store, output: output))
        let job = try queue.jobInsert(JobInsertParams(spec: try render.jobSpec(), reuseParts: false))
        projects.insert(project, for: job.jobID)
        while let claimed = try queue.segmentClaim(SegmentClaimParams(workerID: "renderer")).first {
            let part = store.files(for: claimed.segment.contentHash).video
            _ = try queue.segmentComplete(SegmentCompleteParams(lease: claimed.lease, partLocation: part,
                                                                stats: RenderStats(frames: 0, duration: .zero)))
        }
        var configuration = WorkerConfiguration(workerID: "stitcher", host: "test", store: store)
        configuration.heartbeatInterval = .seconds(30)
        let log = self.log
        worker = Worker(queue: queue, configuration: configuration, projects: projects) { event in
            if case .stitchFailed(_, let message) = event { log.items.withLock { $0.append(message) } }
            if case .stitched(_, let path, _) = event { log.items.withLock { $0.append("stitched \(path)") } }
        }
    }

    /// Runs a worker on the stage's queue until no job is active.
    func runUntilIdle() {
        var configuration = worker.configuration
        configuration.exitWhenIdle = true
        configuration.pollInterval = .milliseconds(50)
        Worker(queue: queue, configuration: configuration, projects: projects).run(stop: StopSignal())
    }

    func claimStitch(leaseDuration: Duration) throws -> StitchClaim {
        try #require(try queue.stitchClaim(StitchClaimParams(workerID: "stitcher", leaseDuration: leaseDuration)))
    }
}

final class StitchEventLog: Sendable {
    let items = Mutex<[String]>([])
}
