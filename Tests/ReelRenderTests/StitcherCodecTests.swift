import Foundation
import ReelMedia
import ReelModel
import ReelRender
import Testing

/// The stitcher's seam checks for the codecs after H.264 (issue 20 §1): HEVC's and the intra codecs' parts join,
/// and parameter sets (`hvcC`) that differ between parts are refused, naming the segment.
@Suite struct StitcherCodecTests {
    let base = StitcherTests()

    func settings(_ codec: VideoCodec, bitDepth: Int = 8, container: Container) -> OutputSettings {
        var s = base.settings()
        s.video.codec = codec
        s.video.bitDepth = codec.isIntraOnly ? 8 : bitDepth
        s.container = container
        if container == .mov { s.audio.codec = .pcm }
        return s
    }

    @Test("HEVC and ProRes parts join into one verified file", arguments: [(VideoCodec.hevc, Container.mp4), (.prores, .mov)])
    func partsJoin(codec: VideoCodec, container: Container) throws {
        let dir = try base.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = settings(codec, container: container)
        let parts = try base.parts(dir, [s, s, s])
        let report = try Stitcher.stitch(parts: parts, output: s, totalFrames: 30, totalSamples: 48000,
                                         to: "\(dir)/out.\(container.rawValue)")
        #expect(report.frames == 30 && report.parts == 3)
    }

    @Test func hevcPartsWithOtherParameterSetsAreRefusedNamingTheSegment() throws {
        let dir = try base.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let main = settings(.hevc, container: .mp4), main10 = settings(.hevc, bitDepth: 10, container: .mp4)
        let parts = try base.parts(dir, [main, main10])
        #expect {
            try Stitcher.stitch(parts: parts, output: main, totalFrames: 20, totalSamples: 32000, to: "\(dir)/out.mp4")
        } throws: { error in
            guard case RenderError.seam(let segment, let message) = error else { return false }
            return segment == 1 && message.contains("hevc extradata differs from segment 0's")
        }
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/out.mp4"), "nothing is published")
    }
}
