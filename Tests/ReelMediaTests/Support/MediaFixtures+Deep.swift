import Foundation
import ReelMedia

/// The deep (high bit depth, HDR) sources the deep-path tests use, and FFmpeg's own 16-bit decode of them.
extension MediaFixtures {
    /// 2 frames of 320x180 HEVC Main10, lossless, tagged BT.2020 / HLG / bt2020nc (FIELD-NOTES §7): `pattern`
    /// "testsrc2" goes through zscale from BT.709 to HLG; "gradient" is a 10-bit ramp drawn with geq, whose
    /// luma takes about 876 distinct codes.
    static func hlgMain10(_ pattern: String) throws -> String {
        let filters = pattern == "testsrc2"
            ? "zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=arib-std-b67:m=2020_ncl:p=2020:r=tv:npl=203:agamma=0,format=yuv420p10le"
            : "format=yuv420p10le,geq=lum='64+876*(Y*W+X)/(W*H)':cb='64+896*X/W':cr='64+896*Y/H'"
        let input = pattern == "testsrc2" ? "testsrc2=s=320x180:r=30" : "color=c=black:s=320x180:r=30"
        return try file("hlg-\(pattern).mp4", ["-f", "lavfi", "-i", input, "-frames:v", "2", "-vf", filters,
                                                "-c:v", "libx265", "-x265-params",
                                                "lossless=1:log-level=error:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc",
                                                "-color_primaries", "bt2020", "-color_trc", "arib-std-b67",
                                                "-colorspace", "bt2020nc"])
    }

    /// Frame `index` of `path` as FFmpeg decodes it to yuv444p16le through zimg (`zscale`) with the deep path's
    /// chroma upsampling: bilinear, chroma centre-sited, no dither (`DeepChroma`), as planes of `width × height`.
    static func deepDecodedByFFmpeg(_ path: String, width: Int, height: Int, index: Int = 0)
        throws -> (y: [UInt16], u: [UInt16], v: [UInt16]) {
        let data = try run(ffmpegPath, ["-v", "error", "-nostdin", "-i", path, "-vf",
                                        "select=eq(n\\,\(index)),zscale=filter=bilinear:chromalin=center:dither=none,format=yuv444p16le",
                                        "-frames:v", "1", "-f", "rawvideo", "-"])
        let n = width * height
        guard data.count == 6 * n else {
            throw Failure(description: "ffmpeg gave \(data.count) bytes for a \(width)x\(height) yuv444p16le frame")
        }
        let words = data.withUnsafeBytes { raw in (0..<(3 * n)).map { UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 2 * $0, as: UInt16.self)) } }
        return (Array(words[0..<n]), Array(words[n..<(2 * n)]), Array(words[(2 * n)...]))
    }

    /// The largest difference between two planes of equal size.
    static func maxDifference(_ a: [UInt16], _ b: [UInt16]) -> Int {
        zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }
}
