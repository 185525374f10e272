import Foundation
import ReelMedia
import ReelModel
import ReelRender
import ReelTestSupport
import Testing

/// The stitcher stream-copies parts and copies the codec parameters of the first: the output colour's tags and
/// the HDR side data (mastering display, content light level) must reach the published file.
@Suite struct StitcherHDRTests {
    let base = StitcherTests()

    static let hdr = HDRMetadata(
        masteringDisplay: .init(primaries: [0.68, 0.32, 0.265, 0.69, 0.15, 0.06, 0.3127, 0.329],
                                minLuminance: 0.0001, maxLuminance: 1000),
        maxCLL: 1000, maxFALL: 400)

    /// A PQ HEVC Main10 part of 10 frames and its PCM (S(10) = 16000 at 30 fps and 48 kHz).
    func makePart(_ dir: String, index: Int, settings: OutputSettings) throws -> StitchPart {
        let video = "\(dir)/p\(index).mp4", audio = "\(dir)/p\(index).wav"
        let writer = try VideoPartWriter(path: video, settings: settings, color: .pq, hdr: Self.hdr)
        for f in 0..<10 { try writer.append(DeepFrame(width: 64, height: 48, y: UInt16(64 + index * 10 + f) << 6)) }
        try writer.finish()
        let pcm = try PCMPartWriter(path: audio, sampleRate: 48000, channels: 2)
        try pcm.append(AudioBuffer(sampleRate: 48000, channels: 2, frames: 16000))
        try pcm.finish()
        return StitchPart(segmentIndex: index, startFrame: Int64(10 * index), frames: 10, samples: 16000,
                          videoPath: video, audioPath: audio)
    }

    @Test(arguments: [Container.mp4, .mkv])
    func publishedFilesKeepTheColourAndHDRMetadata(_ container: Container) throws {
        let dir = try base.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var s = base.settings()
        s.video.codec = .hevc
        s.video.bitDepth = 10
        s.container = container
        let parts = try (0..<2).map { try makePart(dir, index: $0, settings: s) }
        let out = "\(dir)/out.\(container.rawValue)"
        let report = try Stitcher.stitch(parts: parts, output: s, totalFrames: 20, totalSamples: 32000, to: out)
        #expect(report.frames == 20 && report.parts == 2, "the seam checks (identical hvcC) passed")
        #expect(try HDRProbe.tags(out) == ["bt2020", "smpte2084", "bt2020nc", "tv"])
        let stream = try HDRProbe.fields(out, frames: false), frame = try HDRProbe.fields(out, frames: true)
        #expect(stream == HDRProbe.p3Display1000, "the stream's side data: \(stream)")
        #expect(frame == HDRProbe.p3Display1000, "the first frame's SEI: \(frame)")
    }
}
