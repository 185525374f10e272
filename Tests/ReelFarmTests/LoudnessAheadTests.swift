import Foundation
import ReelFarm
import ReelModel
import ReelPlan
import ReelRender
import ReelTestSupport
import Testing

/// A loudness job's gain comes from the programme's own mix, measured on the stitch host ahead of the video
/// (`RollingStitcher.measureLoudnessAhead`), so each part's audio is encoded as the part arrives and the tail is the
/// last part's. The PCM a part holds must be the PCM measured, whichever way the programme was measured.
@Suite struct LoudnessAheadTests {
    /// The "loud" programme of `LoudnessStitchTests`, planned in 1 s segments, its parts rendered into `store`.
    struct Rendered {
        let plan: Plan
        let renderer: SegmentRenderer
        let parts: [StitchPart]
    }

    static func rendered(in dir: TempDir) throws -> Rendered {
        let media = try SharedClips.shared()
        let programme = LoudnessStitchTests.programmes[0]
        let comp = try Rendering.write(LoudnessStitchTests.composition(programme, media, peaky: try silence(in: dir)), in: dir)
        let project = try Rendering.project(comp, segmentSeconds: "1", container: "mov")
        let store = PartStore(root: dir("store").path)
        let renderer = SegmentRenderer(plan: project.plan, store: store)
        let parts = try project.plan.segments.map { segment in
            _ = try renderer.render(segment)
            return StitchPart(segmentIndex: segment.index, startFrame: segment.frames.lowerBound,
                              frames: Int64(segment.frames.count), samples: Int64(segment.samples.count),
                              files: store.files(for: segment.contentHash))
        }
        return Rendered(plan: project.plan, renderer: renderer, parts: parts)
    }

    /// The composition names a "peaky" asset it does not use: a short silent file, so the asset exists.
    static func silence(in dir: TempDir) throws -> URL {
        let url = dir("unused.wav")
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo", "-t", "0.1", url.path])
        return url
    }

    /// A stitcher of `r`'s output into `path`, its programme measured ahead.
    static func aheadStitcher(_ r: Rendered, to path: String) throws -> RollingStitcher {
        let stitcher = try RollingStitcher(output: r.plan.composition.output, to: path)
        try stitcher.measureLoudnessAhead(segments: r.plan.segments.map(\.index)) { index, body in
            try r.renderer.mixAudio(r.plan.segments[index], body)
        }
        return stitcher
    }

    /// Rewrites the last sample bytes of a PCM part under a new inode: a part swapped for other sound of the same
    /// length (the header, rate and sample count still pass).
    static func swapPCM(_ path: String) throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for i in (bytes.count - 400)..<bytes.count { bytes[i] = 0 }
        try FileManager.default.removeItem(atPath: path)
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    @Test("measured ahead, each part's audio is encoded as it is appended: the PCM is not read again at the end, and the published audio and correction equal the stitch that measures the parts behind")
    func encodesAsPartsArrive() throws {
        let dir = try TempDir("loudness-ahead")
        defer { dir.remove() }
        let r = try Self.rendered(in: dir)
        #expect(r.parts.count > 1)
        let behind = try Stitcher.stitch(parts: r.parts, output: r.plan.composition.output, totalFrames: r.plan.totalFrames,
                                         totalSamples: r.plan.totalSamples, to: dir("behind.mov").path)

        let stitcher = try Self.aheadStitcher(r, to: dir("ahead.mov").path)
        for part in r.parts {
            try stitcher.append(part)
            // Gone once appended: a stitch that still needed it at the end would fail in `finish`.
            try FileManager.default.removeItem(atPath: part.audioPath)
        }
        let ahead = try stitcher.finish(totalFrames: r.plan.totalFrames, totalSamples: r.plan.totalSamples)
        #expect(ahead.loudness == behind.loudness, "ahead: \(String(describing: ahead.loudness))")
        #expect(try PCMSampleFormatTests.rawAudio(dir("ahead.mov"), dir) == PCMSampleFormatTests.rawAudio(dir("behind.mov"), dir),
                "the audio measured ahead differs from the audio measured behind")
        let read = try EBUR128Summary.read(dir("ahead.mov"))
        #expect(abs(read.integrated - (-23)) <= 0.1, "ebur128 reads \(read.integrated) LUFS")
    }

    @Test("measured ahead, a part whose PCM is not the measured mix is refused on append, naming its segment; nothing is published")
    func refusesASwappedPartAhead() throws {
        let dir = try TempDir("loudness-ahead-swap")
        defer { dir.remove() }
        let r = try Self.rendered(in: dir)
        let stitcher = try Self.aheadStitcher(r, to: dir("out.mov").path)
        try Self.swapPCM(r.parts[1].audioPath)
        try stitcher.append(r.parts[0])
        let error = #expect(throws: RenderError.self) { try stitcher.append(r.parts[1]) }
        guard case .seam(let segment, let message)? = error else {
            Issue.record("not a seam error: \(String(describing: error))")
            return
        }
        #expect(segment == 1 && message.contains("differs from the programme audio"), "\(message)")
        stitcher.discard()
        #expect(!FileManager.default.fileExists(atPath: dir("out.mov").path))
    }

    @Test("measured behind, a part swapped between its measurement and the encode is refused in finish, naming its segment; nothing is published")
    func refusesASwappedPartBehind() throws {
        let dir = try TempDir("loudness-behind-swap")
        defer { dir.remove() }
        let r = try Self.rendered(in: dir)
        let stitcher = try RollingStitcher(output: r.plan.composition.output, to: dir("out.mov").path)
        for part in r.parts { try stitcher.append(part) }
        try Self.swapPCM(r.parts[1].audioPath)
        let error = #expect(throws: RenderError.self) {
            try stitcher.finish(totalFrames: r.plan.totalFrames, totalSamples: r.plan.totalSamples)
        }
        guard case .seam(let segment, let message)? = error else {
            Issue.record("not a seam error: \(String(describing: error))")
            return
        }
        #expect(segment == 1 && message.contains("changed after it was measured"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: dir("out.mov").path))
    }

    @Test("a farm's stitcher measures a loudness job's programme ahead (and a job without a target not at all)")
    func farmMeasuresAhead() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("loudness-ahead-farm")
        defer { dir.remove() }
        let programme = LoudnessStitchTests.programmes[0]
        var plain = LoudnessStitchTests.composition(programme, media, peaky: try Self.silence(in: dir))
        let loud = try Rendering.write(plain, in: dir)
        plain = plain.replacingOccurrences(of: #", "loudness": { "integrated": "-23.0", "truePeak": "-1.0" }"#, with: "")
        #expect(!plain.contains(#""loudness""#))
        let quiet = dir("plain.json")
        try plain.write(to: quiet, atomically: true, encoding: .utf8)

        for (comp, expected) in [(loud, 1), (quiet, 0)] {
            let seen = EventCount()
            let project = try Rendering.project(comp, segmentSeconds: "1", container: "mov")
            let render = LocalRender(project: project, options: .init(workers: 2, store: PartStore(root: dir("store").path),
                                                                      output: dir("out-\(expected).mov").path))
            _ = try render.run(stop: StopSignal(), events: { event in
                if case .loudnessMeasured = event { seen.add() }
            })
            #expect(seen.value == expected, "\(comp.lastPathComponent): measured ahead \(seen.value) times")
        }
    }
}

/// A count shared with an event callback.
final class EventCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
