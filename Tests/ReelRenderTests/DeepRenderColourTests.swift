import Foundation
import ReelMedia
import ReelModel
import ReelPlan
import ReelTestSupport
import Testing
@testable import ReelRender

/// Whole renders on the deep path against FFmpeg's own conversions (`ColorReferenceCase`'s graphs: zscale with
/// reference white at 203 cd/m², `tonemap=mobius:param=0.5:desat=0` for HDR into SDR), and the precision and dither
/// the path keeps.
@Suite struct DeepRenderColourTests {
    static let threshold = 35.0
    /// The camera-colour field with a fixed seed (gradients picks its colours' layout at random otherwise).
    static let pattern = DeepFrameMedia.Pattern.gradients.lavfi + ":seed=7"

    /// One clip of `asset` (2 s) into `output` (JSON members).
    static func json(_ file: String, output: String) -> String {
        """
        {"assets": {"a": "\(file)"}, "videos": [{"asset": "a", "sourceRange": {"start": "0", "duration": "2"}}],
         "output": {"width": 320, "height": 180, "frameRate": "10", "container": "mkv", \(output)}}
        """
    }

    /// Renders `file` into `output` in one segment; the decoded frames.
    static func render(_ file: String, output: String, in dir: URL) throws -> (Plan, [String]) {
        let plan = try DeepRenderMedia.plan(json(file, output: output), in: dir)
        return (plan, try DeepRenderMedia.render(plan, in: dir, store: "store-\(UUID().uuidString.prefix(6))"))
    }

    static func db(_ x: Double) -> String { String(format: "%.2f dB", x) }

    @Test func hlgSourceIntoSDRMatchesFFmpegsToneMap() throws {
        let temp = try TempDir("deep-hlg-sdr")
        defer { temp.remove() }
        let c = ColorReferenceCase.all[0]
        let source = try DeepRenderMedia.source("hlg.mkv", lavfi: Self.pattern, make: c.make, tags: c.tags, in: temp.url)
        let decodedSource = Array(try DeepFrameMedia.decode(source).prefix(20))
        let theirs = try DeepFrameMedia.ffmpeg(decodedSource, filter: c.reference, in: temp)
        let (plan, parts) = try Self.render("hlg.mkv", output: #""video": {"codec": "h264", "lossless": true}"#,
                                            in: temp.url)
        #expect(plan.isDeep)
        let db = DeepFrameMedia.psnr(try DeepRenderMedia.deepFrames(parts), theirs)
        print("deep render HLG → SDR against FFmpeg: \(Self.db(db))")
        #expect(db >= Self.threshold, "HLG → SDR render is \(Self.db(db)) from FFmpeg's tone map")

        // The same pictures tagged BT.709 are rendered as they are: far from FFmpeg's conversion.
        let retagged = temp("bt709.mkv")
        try TestProcess.ffmpeg(["-i", source.path, "-c", "copy", "-bsf:v",
                                "hevc_metadata=colour_primaries=1:transfer_characteristics=1:matrix_coefficients=1",
                                "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", retagged.path])
        let (_, wrong) = try Self.render("bt709.mkv", output: #""video": {"codec": "h264", "lossless": true}"#,
                                         in: temp.url)
        let dbWrong = DeepFrameMedia.psnr(try DeepRenderMedia.deepFrames(wrong), theirs)
        print("deep render of the HLG source tagged BT.709 against FFmpeg: \(Self.db(dbWrong))")
        // Measured 28.2 dB on these smooth colours (testsrc2's saturated bars fall further).
        #expect(dbWrong < Self.threshold - 5, "tagged BT.709 it is \(Self.db(dbWrong)) from FFmpeg's tone map")
    }

    @Test(arguments: [("hlg", ColorDescription.hlg, ["bt2020", "arib-std-b67", "bt2020nc", "tv"]),
                      ("pq", ColorDescription.pq, ["bt2020", "smpte2084", "bt2020nc", "tv"])])
    func sdrSourceIntoHDROutput(_ colour: String, _ output: ColorDescription, _ tags: [String]) throws {
        let temp = try TempDir("deep-hdr-out")
        defer { temp.remove() }
        let source = try DeepRenderMedia.source("sdr.mkv", lavfi: Self.pattern, tags: nil, in: temp.url)
        let decodedSource = Array(try DeepFrameMedia.decode(source).prefix(20))
        let reference = "zscale=\(ColorReferenceCase.fromSDR):\(ColorReferenceCase.zscaleOutput(output)):npl=203:\(ColorReferenceCase.exact)"
        let theirs = try DeepFrameMedia.ffmpeg(decodedSource, filter: reference, in: temp)
        let (_, parts) = try Self.render("sdr.mkv", output: #""colour": "\#(colour)", "video": {"codec": "hevc", "lossless": true}"#,
                                         in: temp.url)
        #expect(try HDRProbe.tags(parts[0]) == tags)
        let db = DeepFrameMedia.psnr(try DeepRenderMedia.deepFrames(parts), theirs)
        print("deep render SDR → \(colour) against FFmpeg: \(Self.db(db))")
        #expect(db >= Self.threshold, "SDR → \(colour) render is \(Self.db(db)) from FFmpeg's conversion")
    }

    /// A 10-bit luma ramp (64…940 over the frame) dissolving into its mirror keeps 10-bit codes in a lossless HEVC Main10
    /// output:
    /// far more than 256 distinct luma codes (an 8-bit picture widened has at most 220).
    @Test func tenBitGradientKeepsTenBits() throws {
        let temp = try TempDir("deep-precision")
        defer { temp.remove() }
        for (name, lum) in [("ramp.mkv", "64+(X+Y)*876/498"), ("mirror.mkv", "940-(X+Y)*876/498")] {
            try DeepRenderMedia.source(name, lavfi: "nullsrc=s=320x180:r=10,format=yuv420p10le,geq=lum='\(lum)':cb=512:cr=512",
                                       tags: "colorprim=bt709:transfer=bt709:colormatrix=bt709", seconds: 2, in: temp.url)
        }
        let json = """
            {"assets": {"a": "ramp.mkv", "b": "mirror.mkv"},
             "videos": [{"asset": "a", "sourceRange": {"start": "0", "duration": "2"}},
                        {"asset": "b", "sourceRange": {"start": "0", "duration": "2"}}],
             "transitions": [{"type": "dissolve", "duration": "1"}],
             "output": {"width": 320, "height": 180, "frameRate": "10", "container": "mkv",
                        "video": {"codec": "hevc", "bitDepth": 10, "lossless": true}}}
            """
        let plan = try DeepRenderMedia.plan(json, in: temp.url)
        let parts = try DeepRenderMedia.render(plan, in: temp.url, store: "store")
        let raw = try DeepRenderMedia.decoded(parts, pixelFormat: "yuv420p10le")
        let luma = DeepRenderMedia.luma16(raw, lumaCount: 320 * 180, chromaCount: 160 * 90)
        let distinct = Set(luma).count
        print("deep render 10-bit ramp through a dissolve into HEVC Main10: \(distinct) distinct luma codes")
        #expect(distinct > 256, "only \(distinct) distinct 10-bit luma codes")
    }

    /// A flat 10-bit grey a quarter of the way between two 8-bit codes (513 = 128.25 × 4) into an 8-bit output is
    /// dithered by `Quantizer`: three 128s to one 129, so the mean keeps the source's 128.25, and each frame's luma
    /// is exactly the quantizer's pattern for its programme frame (swscale's own dither stands still; a half-way
    /// grey would not tell them apart, both make a checkerboard).
    @Test func tenBitSourceIntoEightBitIsDithered() throws {
        let temp = try TempDir("deep-dither")
        defer { temp.remove() }
        try DeepRenderMedia.source("grey.mkv", lavfi: "nullsrc=s=320x180:r=10,format=yuv420p10le,geq=lum=513:cb=512:cr=512",
                                   tags: "colorprim=bt709:transfer=bt709:colormatrix=bt709", seconds: 2, in: temp.url)
        let (plan, parts) = try Self.render("grey.mkv", output: #""video": {"codec": "h264", "lossless": true}"#,
                                            in: temp.url)
        #expect(plan.isDeep)
        // Luma planes of yuv420p frames (ffmpeg's "gray" would stretch limited range to full).
        let frames = [UInt8](try DeepRenderMedia.decoded(parts, pixelFormat: "yuv420p")), size = 320 * 180
        let raw = stride(from: 0, to: frames.count, by: size * 3 / 2).flatMap { frames[$0..<$0 + size] }
        let mean = Double(raw.reduce(0) { $0 + Int($1) }) / Double(raw.count)
        let low = raw.filter { $0 == 128 }.count, high = raw.filter { $0 == 129 }.count
        print("deep render 10-bit 513 into 8 bits: mean \(mean), \(low) × 128, \(high) × 129")
        #expect(abs(mean - 128.25) < 0.01, "mean \(mean)")
        #expect(low + high == raw.count && abs(low - 3 * high) <= raw.count / 100, "\(low) × 128, \(high) × 129")
        let quantizer = Quantizer(bits: 8), grey = [UInt16](repeating: 513 << 6, count: size)
        for f in 0..<3 {
            let expected = quantizer.quantize8(grey, width: 320, height: 180, plane: 0, programmeFrame: Int64(f))
            #expect(Array(raw[f * size..<(f + 1) * size]) == expected, "frame \(f) is not the Quantizer's pattern")
        }
    }
}
