import Foundation
import ReelMedia
import ReelTestSupport

/// 16-bit 4:4:4 test pictures through the ffmpeg CLI: real sources made with zscale and x265 (FIELD-NOTES §7,
/// "HDR test media from an SDR reference"), decoded into `DeepFrame`s, and FFmpeg's own conversions of the same
/// frames to compare Reel's against.
enum DeepFrameMedia {
    static let width = 320, height = 180
    static var size: String { "\(width)x\(height)" }

    /// The SDR pictures the sources start from: FFmpeg's test pattern and a smooth, camera-like colour field.
    enum Pattern: String, CaseIterable, Sendable {
        case testsrc2, gradients

        var lavfi: String {
            switch self {
            case .testsrc2: "testsrc2=s=\(DeepFrameMedia.size):r=10"
            case .gradients:
                // Skin, foliage, sky, paper, shadow and brick: a smooth field of the colours a camera sees.
                "gradients=s=\(DeepFrameMedia.size):r=10:n=6:c0=0x8a6f5a:c1=0x3f6b3a:c2=0x6a8fb5:c3=0xd8d2c4:"
                    + "c4=0x202020:c5=0xb04030:speed=0.05"
            }
        }
    }

    /// A two-frame source in `dir`: the pattern, converted by `zscale` (nothing when empty) and coded lossless
    /// by x265 Main10 with `tags` (colorprim, transfer, colormatrix), or by x264 8-bit when `tags` is nil.
    static func source(_ pattern: Pattern, zscale: String, tags: String?, in dir: TempDir) throws -> URL {
        let out = dir("source-\(pattern.rawValue).mkv")
        let convert = zscale.isEmpty ? "" : "zscale=\(zscale),"
        let codec = tags.map { ["-pix_fmt", "yuv420p10le", "-c:v", "libx265", "-x265-params", "log-level=error:lossless=1:\($0)"] }
            ?? ["-pix_fmt", "yuv420p", "-c:v", "libx264", "-qp", "0"]
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", pattern.lavfi, "-frames:v", "2",
                                "-vf", convert + "format=" + (tags == nil ? "yuv420p" : "yuv420p10le")] + codec + [out.path])
        return out
    }

    /// A file's frames as FFmpeg decodes them, upsampled to 16-bit 4:4:4.
    static func decode(_ file: URL) throws -> [DeepFrame] {
        let raw = try TestProcess.ffmpeg(["-i", file.path, "-f", "rawvideo", "-pix_fmt", "yuv444p16le", "-"]).stdoutData
        return try frames(raw)
    }

    /// FFmpeg's filter graph `filter` over `frames`, given to it as untagged raw yuv444p16le (the graph names the
    /// colours), read back as yuv444p16le.
    static func ffmpeg(_ frames: [DeepFrame], filter: String, in dir: TempDir) throws -> [DeepFrame] {
        let raw = dir("input-\(UUID().uuidString.prefix(8)).yuv")
        try RawPlanes16.data(frames.map { [$0.y, $0.u, $0.v] }).write(to: raw)
        let out = try TestProcess.ffmpeg(["-f", "rawvideo", "-pix_fmt", "yuv444p16le", "-s", size, "-i", raw.path,
                                          "-vf", filter + ",format=yuv444p16le", "-f", "rawvideo", "-"]).stdoutData
        return try self.frames(out)
    }

    static func frames(_ raw: Data) throws -> [DeepFrame] {
        try RawPlanes16.frames(raw, width: width, height: height).map {
            DeepFrame(width: width, height: height, y: $0[0], u: $0[1], v: $0[2])
        }
    }

    /// PSNR over every sample of every plane of every frame (ffmpeg's "average"), on the 16-bit scale, in dB.
    static func psnr(_ a: [DeepFrame], _ b: [DeepFrame]) -> Double {
        precondition(a.count == b.count, "\(a.count) frames against \(b.count)")
        var sum = 0.0, count = 0
        for (fa, fb) in zip(a, b) {
            for (pa, pb) in [(fa.y, fb.y), (fa.u, fb.u), (fa.v, fb.v)] {
                for i in pa.indices { let d = Double(Int(pa[i]) - Int(pb[i])); sum += d * d }
                count += pa.count
            }
        }
        return sum == 0 ? .infinity : 10 * log10(65535.0 * 65535.0 / (sum / Double(count)))
    }
}
