import Foundation
import ReelMedia
import ReelModel
import ReelRender
import ReelTestSupport
import Testing

/// Reel's colour conversions against FFmpeg's own (zscale with zimg's exact curves, tonemap) on real frames: sources
/// made from SDR pictures with zscale and coded by x265 Main10 (lossless), decoded to 16-bit 4:4:4, then converted
/// by both. Reel's side is the product's own conversion (`ColorTransform.between`, BT.2100's HLG OOTF).
@Suite struct ColorReferenceTests {
    static let threshold = 35.0

    @Test(arguments: ColorReferenceCase.all)
    func matchesFFmpeg(_ c: ColorReferenceCase) throws {
        let dir = try TempDir("colour-ref")
        defer { dir.remove() }
        for pattern in DeepFrameMedia.Pattern.allCases {
            let frames = try DeepFrameMedia.decode(DeepFrameMedia.source(pattern, zscale: c.make, tags: c.tags, in: dir))
            let theirs = try DeepFrameMedia.ffmpeg(frames, filter: c.reference, in: dir)
            let transform = ColorTransform.between(c.source, and: c.output)
            let ours = frames.map { transform?.apply($0) ?? $0 }
            let db = DeepFrameMedia.psnr(ours, theirs)
            print("colour \(c) \(pattern.rawValue): \(String(format: "%.2f", db)) dB")
            #expect(db >= Self.threshold, "\(c) on \(pattern.rawValue): \(db) dB against FFmpeg")
        }
    }

    /// The check can fail: the HLG source taken as BT.709 (so passed through untouched) is far from FFmpeg's
    /// HLG → SDR conversion.
    @Test func hlgTakenAsBT709IsFarFromFFmpeg() throws {
        let dir = try TempDir("colour-ref-neg")
        defer { dir.remove() }
        let c = ColorReferenceCase.all[0]
        #expect(c.source == .hlg && c.output == .bt709)
        let frames = try DeepFrameMedia.decode(DeepFrameMedia.source(.testsrc2, zscale: c.make, tags: c.tags, in: dir))
        let theirs = try DeepFrameMedia.ffmpeg(frames, filter: c.reference, in: dir)
        #expect(ColorTransform.between(.bt709, and: .bt709) == nil)
        let db = DeepFrameMedia.psnr(frames, theirs)
        print("colour HLG taken as BT.709: \(String(format: "%.2f", db)) dB")
        #expect(db < Self.threshold - 10, "HLG read as BT.709 is \(db) dB from FFmpeg's conversion")
    }
}
