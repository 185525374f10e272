import Foundation
import ReelMedia
import ReelQueue
import ReelRender
import ReelTestSupport
import Synchronization
import Testing
@testable import ReelFarm

/// The rolling stitch under the farm's faults, on both queue drivers: the stitcher appends parts while the
/// job's segments still render, in whatever order they finish. Whatever happens on the way, the output is
/// byte-identical to the one-pass stitch of the same parts, and it is published exactly once (or, for a
/// cancel, never, with no temporary file left).
@Suite struct RollingStitchTests {
    @Test("a segment that fails and is retried holds the prefix up; the output equals the one-pass stitch",
          arguments: StitchStage.Driver.allCases)
    func retriedSegmentHoldsThePrefix(driver: StitchStage.Driver) async throws {
        try await RollingStage.with("retry", driver) { stage, _ in
            let run = try await stage.rolling(after: 2, "s1")
            try stage.failAndReclaim(2)
            try stage.complete(3)
            try await Task.sleep(for: .milliseconds(300))
            let held = try stage.queue.jobGet(stage.jobID)
            #expect(held.state == .running && held.stitchedSegments == 2, "a retried segment did not hold the prefix: \(held)")
            for index in 2..<stage.count where index != 3 { try stage.complete(index) }
            await run.wait()
            try stage.expectPublishedOnce()
        }
    }

    /// The stitcher waits on the queue's change wake-ups (`changeListen`), so the tail after the last part does not
    /// include the rest of a poll interval (200 ms by default; a minute here, so that only a wake-up can pass).
    @Test("a part done while the stitcher waits is appended on the queue's wake-up, not at its next poll",
          arguments: StitchStage.Driver.allCases)
    func wokenByTheQueue(driver: StitchStage.Driver) async throws {
        try await RollingStage.with("woken", driver) { stage, _ in
            let run = try await stage.rolling(after: 1, "s1", poll: .seconds(60))
            for index in 1..<stage.count {
                try stage.complete(index)
                try await stage.waitForPrefix(index + 1, timeout: .seconds(20))
            }
            await run.wait()
            try stage.expectPublishedOnce()
        }
    }

    /// While it waits for the next part, the stitcher encodes the audio of the parts after it whose PCM is there (here
    /// all of them: the one-pass render left every part in the store), so the tail has no audio to encode; the file is
    /// still the one-pass stitch's, byte for byte. PCM audio (a lossless master's) is not encoded ahead: its encode is
    /// a copy, and holding it would cost memory.
    @Test("the stitcher encodes the audio of parts still rendering (not PCM); the file is the one-pass stitch's",
          arguments: [(StitchStage.Driver.memory, false), (.postgres, false), (.memory, true)])
    func audioEncodedAhead(driver: StitchStage.Driver, pcm: Bool) async throws {
        try await RollingStage.with(pcm ? "ahead-pcm" : "ahead", driver, lossless: pcm) { stage, _ in
            let run = try await stage.rolling(after: 1, "s1")
            for index in 1..<stage.count { try stage.complete(index) }
            await run.wait()
            try stage.expectPublishedOnce()
            let ahead = pcm ? 0 : stage.count - 1
            stage.expectMessage { $0 == "audio encoded ahead: \(ahead) parts" }
        }
    }

    /// A part's PCM replaced by other samples after the stitcher encoded it ahead (a worker that died after committing
    /// it, the segment rendered again on a host that decodes a source differently): nothing is published, that segment
    /// goes back to render (the job does not fail), and the next stitch, from the part rendered again, publishes the
    /// one-pass file once.
    @Test("a part's PCM changed after its encode ahead: the segment renders again and the stitch starts over",
          arguments: StitchStage.Driver.allCases)
    func audioChangedAfterItsEncodeAhead(driver: StitchStage.Driver) async throws {
        try await RollingStage.with("ahead-changed", driver, lossless: false) { stage, _ in
            let first = try await stage.rolling(after: 1, "s1")
            let changed = 2
            let audio = try stage.audioPath(changed)
            try await stage.waitUntilOpen(audio)   // the stitcher keeps each part it encoded ahead open
            let original = try #require(FileManager.default.contents(atPath: audio))
            try stage.replacePCM(audio, gain: 0.5)
            for index in 1..<stage.count { try stage.complete(index) }
            await first.wait()
            stage.expectMessage {
                $0.contains("segment \(changed): PCM part changed after its audio was encoded ahead")
                    && $0.hasSuffix("rendering the segment again")
            }
            #expect(try stage.queue.jobGet(stage.jobID).state == .running)
            #expect(try stage.queue.segmentList(jobID: stage.jobID)[changed].state == .available)
            #expect(!FileManager.default.fileExists(atPath: stage.output))
            // Rendered again: the segment's own samples under the same name (a new file).
            try stage.commit(original, at: audio)
            try stage.claimAgain(changed)
            try stage.complete(changed)
            let second = stage.start(stage.stitcher("s2"), try stage.claim("s2"))
            await second.wait()
            try stage.expectPublishedOnce()
        }
    }

    @Test("a canceled job stops the rolling stitch: nothing published, no temporary file",
          arguments: StitchStage.Driver.allCases)
    func cancelStopsIt(driver: StitchStage.Driver) async throws {
        try await RollingStage.with("cancel", driver) { stage, dir in
            let run = try await stage.rolling(after: 1, "s1")
            #expect(try stage.queue.jobCancel(stage.jobID))
            await run.wait()
            try stage.expectNothingPublished(in: dir)
            stage.expectMessage { $0.contains("nothing was written") }
        }
    }

    @Test("a segment out of attempts fails the job: the rolling stitcher stops, names the cause, writes nothing",
          arguments: StitchStage.Driver.allCases)
    func failedSegmentStopsIt(driver: StitchStage.Driver) async throws {
        try await RollingStage.with("failed", driver) { stage, dir in
            let run = try await stage.rolling(after: 1, "s1")
            try stage.failForGood(2)
            await run.wait()
            stage.expectMessage { $0.hasPrefix("job failed (segment 2") && $0.contains("nothing was written") }
            try stage.expectNothingPublished(in: dir)
        }
    }

    @Test("a stitcher that loses its lease mid-prefix discards its file; the next one publishes once",
          arguments: StitchStage.Driver.allCases)
    func leaseLossMidPrefix(driver: StitchStage.Driver) async throws {
        try await RollingStage.with("lease", driver) { stage, _ in
            // A lease of 300 ms that nothing renews while the prefix stands still (heartbeats every 30 s).
            let first = try await stage.rolling(after: 1, "partitioned", lease: .milliseconds(300))
            // Waits for the lease to run out (a busy machine may append the first part late, renewing it once).
            // The segments' leases last a day, so what the rescue finds is the stitch alone, however long a
            // starved cooperative pool kept this task from running.
            let rescued = try await TestProcess.waitFor("the stitch lease to expire and be rescued", timeout: .seconds(20)) {
                let count = try stage.queue.rescueExpired(RescueParams(backoff: .none))
                return count > 0 ? count : nil
            }
            #expect(rescued == 1, "the rescue found \(rescued) expired leases; only the stitch's should expire")
            let second = stage.start(stage.stitcher("s2"), try stage.claim("s2"))
            for index in 1..<stage.count { try stage.complete(index) }
            await first.wait()
            await second.wait()
            try stage.expectPublishedOnce()
            #expect(try stage.queue.jobGet(stage.jobID).stitchAttempt == 2)
            stage.expectMessage { $0.contains("nothing was written") }
        }
    }

    @Test("a draining stitcher releases a stitch still waiting for parts; another one finishes it",
          arguments: StitchStage.Driver.allCases)
    func drainReleases(driver: StitchStage.Driver) async throws {
        try await RollingStage.with("drain", driver) { stage, _ in
            let stop = StopSignal()
            let first = try await stage.rolling(after: 1, "draining", stop: stop)
            stop.drain()
            await first.wait()
            #expect(try stage.queue.jobGet(stage.jobID).state == .running)
            let second = stage.start(stage.stitcher("s2"), try stage.claim("s2"))
            for index in 1..<stage.count { try stage.complete(index) }
            await second.wait()
            try stage.expectPublishedOnce()
            stage.expectMessage { $0.contains("draining after 1 of") }
        }
    }
}

/// A job whose parts are already in the store (from a one-pass render, kept as `reference.mov`), with every
/// segment claimed by a test "renderer" that completes them in the order a test chooses.
final class RollingStage: Sendable {
    let queue: any SegmentQueue
    let store: PartStore
    let projects = ProjectCache()
    let log = StitchEventLog()
    let jobID: Int64
    let output: String
    let reference: String
    let count: Int
    private let leases: Mutex<[Int: Lease]>

    /// Runs `body` on a fresh stage in a temporary folder, and cleans both up.
    /// - Parameter lossless: lossless video with PCM audio (the default), else H.264 with AAC.
    static func with(_ label: String, _ driver: StitchStage.Driver, lossless: Bool = true,
                     _ body: (RollingStage, TempDir) async throws -> Void) async throws {
        let dir = try TempDir("rolling-\(label)-\(driver)")
        defer { dir.remove() }
        let (stage, farm) = try await make(in: dir, driver: driver, lossless: lossless)
        defer { farm?.drop() }
        try await body(stage, dir)
    }

    static func make(in dir: TempDir, driver: StitchStage.Driver,
                     lossless: Bool = true) async throws -> (RollingStage, FarmSchema?) {
        let comp = try Rendering.write(IncrementalRenderTests.composition(try SharedClips.shared(), clipCStart: "0"), in: dir)
        let project = try Rendering.project(comp, segmentSeconds: "1", lossless: lossless, container: "mov")
        let store = PartStore(root: dir("store").path)
        let onePass = LocalRender(project: project, options: .init(workers: 2, store: store, output: dir("reference.mov").path,
                                                                  rollingStitch: false))
        _ = try onePass.run(stop: StopSignal(), events: { _ in })
        let farm = driver == .postgres ? try FarmSchema() : nil
        let stage = try RollingStage(project: project, store: store, output: dir("out.mov").path,
                                     reference: dir("reference.mov").path, queue: farm?.queue ?? InMemorySegmentQueue())
        return (stage, farm)
    }

    init(project: Project, store: PartStore, output: String, reference: String, queue: any SegmentQueue) throws {
        self.queue = queue
        self.store = store
        self.output = output
        self.reference = reference
        let render = LocalRender(project: project, options: .init(workers: 1, store: store, output: output))
        jobID = try queue.jobInsert(JobInsertParams(spec: try render.jobSpec(), reuseParts: false)).jobID
        projects.insert(project, for: jobID)
        let claimed = try queue.segmentClaim(SegmentClaimParams(workerID: "renderer", limit: 1000,
                                                                leaseDuration: .seconds(86_400)))
        count = claimed.count
        leases = Mutex(Dictionary(uniqueKeysWithValues: claimed.map { ($0.segment.index, $0.lease) }))
        try #require(count >= 4, "the test project has \(count) segments; the faults need at least 4")
    }

    func complete(_ index: Int) throws {
        let lease = try #require(leases.withLock { $0[index] }, "segment \(index) is not held")
        let part = store.files(for: try queue.segmentList(jobID: jobID)[index].contentHash).video
        #expect(try queue.segmentComplete(SegmentCompleteParams(lease: lease, partLocation: part,
                                                                stats: RenderStats(frames: 0, duration: .zero))))
    }

    /// The PCM file of segment `index`'s part.
    func audioPath(_ index: Int) throws -> String {
        store.files(for: try queue.segmentList(jobID: jobID)[index].contentHash).audio
    }

    /// Waits until this process holds `path` open (a rolling stitcher keeps the parts it encoded ahead open).
    func waitUntilOpen(_ path: String) async throws {
        _ = try await TestProcess.waitFor("\(path) to be open", timeout: .seconds(30)) {
            let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            let open = fds.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }
            return open ? true : nil
        }
    }

    /// Writes `data` at `path` as a renderer commits a part's file: a temporary name, then a rename (a new file).
    func commit(_ data: Data, at path: String) throws {
        let temp = path + ".test-tmp"
        try data.write(to: URL(fileURLWithPath: temp))
        #expect(rename(temp, path) == 0)
    }

    /// Replaces the PCM part at `path` with one as long whose samples are the old ones times `gain`.
    func replacePCM(_ path: String, gain: Float) throws {
        let reader = try PCMPartReader(path: path)
        let buffer = try reader.readAll()
        let temp = path + ".test-tmp"
        let writer = try PCMPartWriter(path: temp, sampleRate: reader.sampleRate, channels: reader.channels)
        try writer.append(AudioBuffer(sampleRate: buffer.sampleRate, samples: buffer.samples.map { $0.map { $0 * gain } }))
        try writer.finish()
        #expect(rename(temp, path) == 0)
    }

    /// Claims segment `index` again after it went back to available.
    func claimAgain(_ index: Int) throws {
        let again = try #require(try queue.segmentClaim(SegmentClaimParams(workerID: "renderer", limit: 1)).first)
        #expect(again.segment.index == index)
        leases.withLock { $0[index] = again.lease }
    }

    /// Fails segment `index`'s attempt (to be retried at once) and claims it again.
    func failAndReclaim(_ index: Int) throws {
        let lease = try #require(leases.withLock { $0[index] })
        let result = try queue.segmentFail(SegmentFailParams(lease: lease, message: "test: encoder crashed", backoff: .none))
        guard case .retrying = result else { Issue.record("segment \(index) was not requeued: \(result)"); return }
        let again = try #require(try queue.segmentClaim(SegmentClaimParams(workerID: "renderer", limit: 1)).first)
        #expect(again.segment.index == index && again.lease.attempt == 2)
        leases.withLock { $0[index] = again.lease }
    }

    /// Fails segment `index` permanently (an input error): the job fails.
    func failForGood(_ index: Int) throws {
        let lease = try #require(leases.withLock { $0[index] })
        _ = try queue.segmentFail(SegmentFailParams(lease: lease, message: "test: source unreadable", permanent: true))
        #expect(try queue.jobGet(jobID).state == .failed)
    }

    func claim(_ worker: String, lease: Duration = .seconds(30)) throws -> StitchClaim {
        try #require(try queue.stitchClaim(StitchClaimParams(workerID: worker, leaseDuration: lease, rolling: true)),
                     "no rolling stitch to claim")
    }

    func stitcher(_ name: String, lease: Duration = .seconds(30), poll: Duration = .milliseconds(20)) -> Worker {
        var configuration = WorkerConfiguration(workerID: name, host: "test", store: store)
        configuration.heartbeatInterval = .seconds(30)
        configuration.leaseDuration = lease
        configuration.stitchPollInterval = poll
        let log = self.log
        return Worker(queue: queue, configuration: configuration, projects: projects) { event in
            if case .stitchFailed(_, let message) = event { log.items.withLock { $0.append(message) } }
            if case .stitched(_, let path, let report) = event {
                log.items.withLock { $0 += ["stitched \(path)", "audio encoded ahead: \(report.partsEncodedAhead) parts"] }
            }
        }
    }

    /// Completes segments `0..<parts`, then starts a rolling stitcher `name` on them and waits until it has
    /// appended them all.
    func rolling(after parts: Int, _ name: String, lease: Duration = .seconds(30), poll: Duration = .milliseconds(20),
                 stop: StopSignal = StopSignal()) async throws -> ThreadRun {
        for index in 0..<parts { try complete(index) }
        let run = start(stitcher(name, lease: lease, poll: poll), try claim(name, lease: lease), stop: stop)
        try await waitForPrefix(parts)
        return run
    }

    /// One of the stitchers' messages passes `check`.
    func expectMessage(_ check: (String) -> Bool) {
        let messages = log.items.withLock { $0 }
        let found = messages.contains(where: check)
        #expect(found, "\(messages)")
    }

    /// Nothing at the output path, and no temporary file left in `dir`.
    func expectNothingPublished(in dir: TempDir) throws {
        #expect(!FileManager.default.fileExists(atPath: output), "published a stopped job")
        let left = try dir.contents()
        #expect(!left.contains { $0.contains(".tmp") }, "temporary file left: \(left)")
    }

    /// Runs `worker.stitch(claim)` on its own thread.
    func start(_ worker: Worker, _ claim: StitchClaim, stop: StopSignal = StopSignal()) -> ThreadRun {
        let log = self.log
        return ThreadRun {
            do { try worker.stitch(claim, stop: stop) } catch { log.items.withLock { $0.append("threw \(error)") } }
        }
    }

    func waitForPrefix(_ parts: Int, timeout: Duration = .seconds(60)) async throws {
        _ = try await TestProcess.waitFor("the stitcher to append \(parts) parts", timeout: timeout,
                                          context: { "\(self.log.items.withLock { $0 })" }) {
            try queue.jobGet(jobID).stitchedSegments >= parts ? true : nil
        }
    }

    /// The job is done, its output equals the one-pass stitch byte for byte, and it was published once.
    func expectPublishedOnce() throws {
        let messages = log.items.withLock { $0 }
        let job = try queue.jobGet(jobID)
        #expect(job.state == .done, "job \(job.state.rawValue): \(job.error ?? ""), \(messages)")
        #expect(messages.filter { $0.hasPrefix("stitched ") }.count == 1, "\(messages)")
        let done = try queue.eventList(jobID: jobID).filter {
            if case .job(_, .done) = $0.change { return true } else { return false }
        }
        #expect(done.count == 1)
        let bytes = FileManager.default.contents(atPath: output)
        #expect(bytes != nil && bytes == FileManager.default.contents(atPath: reference),
                "the rolling stitch differs from the one-pass stitch of the same parts")
    }
}

/// A closure on a dedicated thread (worker calls block), awaited without blocking the cooperative pool.
final class ThreadRun: Sendable {
    private let finished = Atomic<Bool>(false)

    init(_ body: @escaping @Sendable () -> Void) {
        Thread { [self] in
            body()
            finished.store(true, ordering: .releasing)
        }.start()
    }

    /// Waits for the thread; a thread still running after `timeout` is recorded as a failure (a hung stitcher).
    func wait(timeout: Duration = .seconds(120)) async {
        let deadline = ContinuousClock.now + timeout
        while !finished.load(ordering: .acquiring) {
            if ContinuousClock.now >= deadline { Issue.record("the stitcher thread did not return within \(timeout)"); return }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
