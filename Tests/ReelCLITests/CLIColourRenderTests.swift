import Foundation
import ReelTestSupport
import Testing

/// Whole `reel render`s of sources in other colours than BT.709 into the default SDR output, against FFmpeg's own
/// conversion of the same file (measured by FFmpeg's `psnr` filter). Each check can fail: the same pictures read as
/// BT.709 land far below the threshold.
@Suite struct CLIColourRenderTests {
    static let threshold = 35.0
    /// testsrc2's saturated bars: where reading the wrong colour shows most.
    static let pattern = "testsrc2=s=320x180:r=10"
    static let fromSDR = "tin=709:min=709:pin=709:rin=tv"
    static let toSDR = "t=709:m=709:p=709:r=tv"

    /// A wide-gamut SDR source: zscale's conversion of the pattern into it, its x265 tags, and zscale's name of it.
    struct WideSource: Sendable, CustomStringConvertible {
        let description: String
        let zscale: String
        let tags: String
        var reading: String {
            zscale.replacingOccurrences(of: "t=", with: "tin=").replacingOccurrences(of: "m=", with: "min=")
                .replacingOccurrences(of: "p=", with: "pin=").replacingOccurrences(of: "r=", with: "rin=")
        }
    }

    static let wide = [
        WideSource(description: "Display P3 (sRGB transfer)", zscale: "t=iec61966-2-1:m=709:p=smpte432:r=tv",
                   tags: "colorprim=smpte432:transfer=iec61966-2-1:colormatrix=bt709"),
        WideSource(description: "BT.2020 NCL SDR 10-bit", zscale: "t=709:m=2020_ncl:p=2020:r=tv",
                   tags: "colorprim=bt2020:transfer=bt2020-10:colormatrix=bt2020nc"),
    ]

    /// One clip of `file` (2 s) into a lossless H.264 SDR output of `size`, rendered by `reel render`.
    static func render(_ file: String, size: (Int, Int) = (320, 180), video: String = #""codec": "h264", "lossless": true"#,
                       in dir: TempDir) throws -> URL {
        let comp = try CLIRunner.write("""
            {"assets": {"a": "\(file)"}, "videos": [{"asset": "a", "sourceRange": {"start": "0", "duration": "2"}}],
             "output": {"width": \(size.0), "height": \(size.1), "frameRate": "10", "container": "mkv",
                        "video": {\(video)}}}
            """, to: dir.url.path, name: "\(file).json")
        let output = dir("\(file)-out.mkv")
        let result = try CLIRunner.run(["render", comp, "-o", output.path, "--storage", dir("store").path])
        #expect(result.status == 0, "reel render \(file) exited \(result.status): \(result.err)")
        return output
    }

    static func db(_ x: Double) -> String { String(format: "%.2f dB", x) }

    @Test(arguments: wide)
    func wideGamutSourceMatchesFFmpeg(_ source: WideSource) throws {
        let dir = try TempDir("cli-wide")
        defer { dir.remove() }
        let file = dir("wide.mkv")
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", Self.pattern, "-t", "2",
                                "-vf", "zscale=\(Self.fromSDR):\(source.zscale):npl=203:agamma=0,format=yuv420p10le",
                                "-c:v", "libx265", "-x265-params", "log-level=error:lossless=1:\(source.tags)", file.path])
        let reference = dir("reference.mkv")
        try TestProcess.ffmpeg(["-i", file.path, "-vf", "zscale=\(source.reading):\(Self.toSDR):npl=203:agamma=0,format=yuv420p",
                                "-c:v", "libx264", "-qp", "0", reference.path])
        let db = try FFmpegPSNR.average(try Self.render("wide.mkv", in: dir), reference)
        print("reel render \(source) → SDR against FFmpeg's zscale: \(Self.db(db))")
        #expect(db >= Self.threshold, "\(source) renders \(Self.db(db)) from FFmpeg's conversion")

        // The same stream retagged BT.709 is shown as it is: far from FFmpeg's conversion.
        try TestProcess.ffmpeg(["-i", file.path, "-c", "copy", "-bsf:v",
                                "hevc_metadata=colour_primaries=1:transfer_characteristics=1:matrix_coefficients=1",
                                "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709",
                                dir("bt709.mkv").path])
        let wrong = try FFmpegPSNR.average(try Self.render("bt709.mkv", in: dir), reference)
        print("reel render \(source) retagged BT.709 against FFmpeg's zscale: \(Self.db(wrong))")
        #expect(wrong < Self.threshold - 5, "retagged BT.709 it is still \(Self.db(wrong)) from FFmpeg's conversion")
    }

    /// An untagged 320×240 picture (at most 576 lines) is BT.601 by the untagged rule, as `reel probe` says; both
    /// picture paths convert its matrix to BT.709 (and nothing else: the 8-bit path never maps the gamut), as FFmpeg's
    /// `colormatrix` (8-bit) and zscale with only the matrix changed (deep) do. Read as BT.709, as Reel did before,
    /// it is 24 dB from them.
    @Test(arguments: [
        ("8-bit path", #""codec": "h264", "lossless": true"#, "yuv420p", "colormatrix=bt601:bt709",
         ["-c:v", "libx264", "-qp", "0"]),
        ("deep path", #""codec": "hevc", "bitDepth": 10, "lossless": true"#, "yuv420p10le",
         "zscale=tin=709:min=470bg:pin=709:rin=tv:t=709:m=709:p=709:r=tv:agamma=0,format=yuv420p10le",
         ["-c:v", "libx265", "-x265-params", "log-level=error:lossless=1"]),
    ])
    func untaggedSDSourceIsReadAsBT601(_ path: String, _ video: String, _ pixelFormat: String, _ reference: String,
                                        _ codec: [String]) throws {
        let dir = try TempDir("cli-sd")
        defer { dir.remove() }
        let file = dir("sd.mkv")
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=320x240:r=10", "-t", "2", "-pix_fmt", "yuv420p",
                                "-c:v", "libx264", "-qp", "0", file.path])
        let probe = try CLIRunner.run(["probe", file.path])
        #expect(probe.out.contains("untagged: assuming BT.601 525-line"), "\(probe.out)")
        let theirs = dir("reference.mkv")
        try TestProcess.ffmpeg(["-i", file.path, "-vf", reference] + codec + [theirs.path])
        let ours = try Self.render("sd.mkv", size: (320, 240), video: video, in: dir)
        let db = try FFmpegPSNR.average(ours, theirs, pixelFormat: pixelFormat)
        print("reel render of an untagged SD source, \(path), against FFmpeg's BT.601 → BT.709: \(Self.db(db))")
        #expect(db >= Self.threshold, "\(path): \(Self.db(db)) from FFmpeg's BT.601 → BT.709 conversion")
    }
}
