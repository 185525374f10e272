import Foundation
import ReelPlan
import ReelQueue
import ReelRecords
import ReelRender
import ReelTestSupport
import Testing
@testable import ReelFarm

/// Exact sub-range export (issue 20 §4): a `--range A..B` output holds exactly the frames starting in `[A, B)`
/// and their samples `[S(f0), S(f1))`; frame k of it is frame f0 + k of the whole render and its samples are the
/// whole render's, bit for bit (lossless), wherever the edges fall: inside a transition, inside a title's
/// keyframes. Segments between the edges are the whole render's, reused from the part store; only the two edge
/// segments are rendered. The farm (`Coordinator` and a `Worker` that reloads the stored request) publishes the
/// same bytes as `reel render`.
@Suite(.serialized) struct RangeExportTests {
    /// `Compositions.rich` (6.6 s at 30 fps) with a title animated by keyframes over [0.5, 3): opacity
    /// 0 → 1 over its first second, moving and growing all the way.
    static func composition(_ media: SharedClips) -> String {
        let plain = #""titles": [ { "text": "Reel", "size": 30, "position": "center", "timeRange": { "start": "0.5", "duration": "2.5" } } ]"#
        let keyed = #""titles": [ { "text": "Reel", "size": 30, "timeRange": { "start": "0.5", "duration": "2.5" }, "#
            + #""opacity": [ { "time": "0", "value": "0" }, { "time": "1", "value": "1" } ], "#
            + #""positionKeys": [ { "time": "0", "value": { "x": "0.3", "y": "0.4" } }, { "time": "2.5", "value": { "x": "0.7", "y": "0.6" } } ], "#
            + #""scale": [ { "time": "0", "value": "0.6" }, { "time": "2.5", "value": "1.4" } ] } ]"#
        let json = Compositions.rich(media)
        precondition(json.contains(plain), "Compositions.rich's title changed")
        return json.replacingOccurrences(of: plain, with: keyed)
    }

    /// Frames: dissolve [60, 75), push [105, 120), wipe [138, 150); the title [15, 90), its fade-in [15, 45).
    /// 2.2..4.8 starts inside the dissolve and ends inside the wipe; 1.1..3.7 starts inside the title's fade-in
    /// and ends inside the push.
    static let ranges: [(text: String, frames: Range<Int64>)] = [("2.2..4.8", 66..<144), ("1.1..3.7", 33..<111)]

    @Test("a range holds exactly its frames and samples, equal to the whole render's; its inner segments are reused")
    func rangeIsTheWholeRendersFramesAndSamples() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("range")
        defer { dir.remove() }
        let comp = try Rendering.write(Self.composition(media), in: dir)
        let store = dir("store")
        let (whole, _) = try Rendering.render(comp, to: dir("whole.mov"), storage: store, segmentSeconds: "1", lossless: true)
        #expect(whole.plan.outputFrames == 0..<198)
        let frames = try Self.pictureHashes(dir("whole.mov"), dir)
        let samples = try Decoded.samples(of: dir("whole.mov"), scratch: dir.url)
        try #require(frames.count == 198 && samples.count == 2 * 198 * 1600)
        let wholeHashes = Set(whole.plan.segments.map(\.contentHash))

        for (text, expected) in Self.ranges {
            let out = dir("range-\(expected.lowerBound).mov")
            let (project, outcome) = try Rendering.render(comp, to: out, storage: store, segmentSeconds: "1",
                                                          lossless: true, range: text)
            let plan = project.plan
            #expect(plan.outputFrames == expected, "\(text)")
            #expect(plan.outputSamples == 1600 * expected.lowerBound..<1600 * expected.upperBound, "S(f) = 1600 f")
            #expect(outcome.report.frames == Int64(expected.count) && outcome.report.samples == plan.outputSamples.count64)
            // The edges cut segments; every segment between them is the whole render's (same hash), reused.
            #expect(plan.segments.first?.frames.lowerBound == expected.lowerBound)
            #expect(plan.segments.last?.frames.upperBound == expected.upperBound)
            let inner = plan.segments.dropFirst().dropLast()
            #expect(inner.count >= 1 && inner.allSatisfy { wholeHashes.contains($0.contentHash) }, "\(text)")
            #expect(!wholeHashes.contains(plan.segments[0].contentHash), "\(text): the first edge is a new segment")
            #expect(!wholeHashes.contains(plan.segments[plan.segments.count - 1].contentHash), "\(text): the last edge")
            #expect(outcome.segmentsRendered == 2 && outcome.segmentsReused == inner.count,
                    "\(text): rendered \(outcome.segmentsRendered), reused \(outcome.segmentsReused) of \(plan.segments.count)")

            let got = try Self.pictureHashes(out, dir)
            let want = Array(frames[Int(expected.lowerBound)..<Int(expected.upperBound)])
            let differing = zip(got, want).enumerated().filter { $0.element.0 != $0.element.1 }.map { Int64($0.offset) }
            #expect(got.count == want.count && differing.isEmpty,
                    "\(text): \(differing.count) of \(got.count) differ, output frames \(differing.prefix(8)) … \(differing.suffix(4)) from whole frames \(differing.prefix(8).map { $0 + expected.lowerBound })")
            let audio = try Decoded.samples(of: out, scratch: dir.url)
            let slice = samples[Int(2 * plan.outputSamples.lowerBound)..<Int(2 * plan.outputSamples.upperBound)]
            #expect(audio.count == slice.count, "\(text): \(audio.count) interleaved samples, not \(slice.count)")
            let firstDiff = zip(audio, slice).enumerated().first { $0.element.0.bitPattern != $0.element.1.bitPattern }?.offset
            #expect(firstDiff == nil, "\(text): audio differs first at interleaved sample \(firstDiff ?? -1)")
        }
        #expect(samples.contains { abs($0) > 0.1 }, "the mix is not silent")
    }

    /// Each frame's MD5 without its timestamps (framemd5's last field): frame k of a range is at k, not f0 + k.
    static func pictureHashes(_ file: URL, _ dir: TempDir) throws -> [String] {
        try Decoded.frameHashes(of: file, scratch: dir.url).map { String($0.split(separator: ",").last ?? "") }
    }

    @Test("the farm renders a range job to the same bytes as reel render; the job records the range")
    func farmRangeMatchesLocal() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("range-farm")
        defer { dir.remove() }
        let comp = try Rendering.write(Self.composition(media), in: dir)
        let (text, expected) = Self.ranges[0]
        let (project, _) = try Rendering.render(comp, to: dir("local.mov"), storage: dir("local-store"),
                                                segmentSeconds: "1", lossless: true, range: text)
        let queue = InMemorySegmentQueue()
        let store = PartStore(root: dir("farm-store").path)
        let submission = try Coordinator(queue: queue, store: store).submit(project, output: dir("farm.mov").path, name: "range")
        #expect(submission.frames == Int64(expected.count) && submission.segments == project.plan.segments.count)
        let stored = try RenderRequest.decoded(try queue.jobGet(submission.jobID).composition)
        #expect(stored.range == text)
        // The web view's marks are in output frames: 66..<144 clips the dissolve [60, 75), the push [105, 120) and
        // the wipe [138, 150), counted from frame 66.
        #expect(stored.marks?.transitions.map { [$0.start, $0.end] } == [[0, 9], [39, 54], [72, 78]], "\(stored.marks as Any)")
        #expect(try queue.segmentList(jobID: submission.jobID).map(\.frames) == project.plan.segments.map(\.frames))

        var configuration = WorkerConfiguration(workerID: "range", host: "test", store: store)
        configuration.exitWhenIdle = true
        configuration.pollInterval = .milliseconds(50)
        let worker = Worker(queue: queue, configuration: configuration, projects: ProjectCache())
        let done = DispatchSemaphore(value: 0)
        Thread { worker.run(stop: StopSignal()); done.signal() }.start()
        try #require(done.wait(timeout: .now() + 120) == .success, "the worker did not finish within 120 s")
        let job = try queue.jobGet(submission.jobID)
        #expect(job.state == .done, "\(job.error ?? "")")
        let local = try #require(FileManager.default.contents(atPath: dir("local.mov").path))
        #expect(FileManager.default.contents(atPath: dir("farm.mov").path) == local, "the farm's output differs")
    }

    @Test("a stored range that covers no frame fails its job at once, saying why (no retry can fix it)")
    func storedBadRangeFailsTheJob() throws {
        let bench = try TrustBench("bad-range")
        defer { bench.remove() }
        let project = try bench.project(try bench.composition(seconds: 2))
        var request = project.request
        request.range = "5..4"   // a database writer's request, past submit's checks
        let specs = project.plan.segments.map(SegmentSpec.init(planned:))
        let spec = JobSpec(name: "bad-range", composition: try request.encoded(), outputLocation: bench.path("out/x.mp4"),
                           maxAttempts: 3, segments: specs)
        let jobID = try bench.queue.jobInsert(JobInsertParams(spec: spec, reuseParts: false)).jobID
        let job = try bench.runWorker(jobID)
        #expect(job.state == .failed)
        let segments = try bench.queue.segmentList(jobID: jobID)
        let failed = try #require(segments.first { $0.state == .failed })
        #expect(failed.attempt == 1, "retried \(failed.attempt) times")
        #expect(failed.errors.last?.message.contains("range 5..4 is reversed: it ends before it starts") == true,
                "\(failed.errors)")
        #expect(!bench.contents("out").contains("x.mp4"))
    }
}
