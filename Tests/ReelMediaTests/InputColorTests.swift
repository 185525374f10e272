import Foundation
import Testing
import ReelModel
@testable import ReelMedia

/// Sources in other colour spaces come out as BT.709 limited range, against FFmpeg's own conversions:
/// a BT.601-tagged source against `colormatrix=bt601:bt709`, a full-range BT.601 (yuvj420p) one against
/// `scale=in_range=full:out_range=tv` followed by `colormatrix`.
@Suite struct InputColorTests {
    static let (w, h) = (160, 90)

    /// `testsrc2` (saturated bars: where the matrices differ most) coded with `arguments`.
    static func source(_ name: String, _ arguments: [String]) throws -> String {
        try MediaFixtures.file(name, ["-f", "lavfi", "-i", "testsrc2=s=\(w)x\(h):r=30", "-frames:v", "2"] + arguments)
    }

    /// The first frame of `path` after `filter`, as FFmpeg writes it (yuv420p).
    static func reference(_ path: String, filter: String, noAutorotate: Bool = false) throws -> PlanarFrame {
        let raw = try MediaFixtures.scratch("colour-\(UUID().uuidString.prefix(6)).yuv")
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try MediaFixtures.run(MediaFixtures.ffmpegPath, ["-v", "error", "-nostdin", "-y"] + (noAutorotate ? ["-noautorotate"] : []) + ["-i", path, "-vf", filter,
                                                        "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "yuv420p", raw])
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        var f = PlanarFrame(width: w, height: h)
        let ys = w * h, cs = (w / 2) * (h / 2)
        try #require(data.count == ys + 2 * cs)
        f.y = Array(data[0..<ys]); f.u = Array(data[ys..<ys + cs]); f.v = Array(data[(ys + cs)...])
        return f
    }

    static func psnr(_ a: PlanarFrame, _ b: PlanarFrame) -> Double {
        var sum = 0.0, n = 0
        for (p, q) in [(a.y, b.y), (a.u, b.u), (a.v, b.v)] {
            for (x, y) in zip(p, q) { let d = Double(Int(x) - Int(y)); sum += d * d }
            n += p.count
        }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(n)))
    }

    @Test func bt601SourcesAreConvertedToBT709() throws {
        let path = try Self.source("bt601.mp4", ["-vf", "scale=out_color_matrix=bt601,format=yuv420p", "-c:v", "libx264",
                                                  "-qp", "0", "-colorspace", "smpte170m", "-color_primaries", "smpte170m",
                                                  "-color_trc", "smpte170m"])
        let ours = try VideoFrameSource(path: path, width: Self.w, height: Self.h).frame(at: .zero)
        let reference = try Self.reference(path, filter: "colormatrix=bt601:bt709")
        let untouched = try Self.reference(path, filter: "null")
        let (converted, unconverted) = (Self.psnr(ours, reference), Self.psnr(untouched, reference))
        #expect(converted >= 40)
        #expect(unconverted < 40, "the matrices barely differ on this picture; the check would mean nothing")
    }

    @Test func fullRangeSourcesAreConvertedToLimitedRange() throws {
        // Motion JPEG: full range and (as the encoder tags it) BT.601, like a photo or a webcam.
        let path = try Self.source("full.mov", ["-vf", "scale=out_color_matrix=bt601:out_range=full,format=yuvj420p",
                                                 "-c:v", "mjpeg", "-q:v", "2"])
        let ours = try VideoFrameSource(path: path, width: Self.w, height: Self.h).frame(at: .zero)
        let reference = try Self.reference(path, filter: "scale=in_range=full:out_range=tv:in_color_matrix=bt601:"
                                           + "out_color_matrix=bt601,format=yuv420p,colormatrix=bt601:bt709")
        let psnr = Self.psnr(ours, reference)
        #expect(psnr >= 40)
    }
}
