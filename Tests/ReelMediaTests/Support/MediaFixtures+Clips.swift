import Foundation
import ReelMedia

/// The named clips the ReelMedia input tests use. Each is small and quick to encode.
extension MediaFixtures {
    /// 2 s, 320x240, 25 fps H.264 (GOP 12, B-frames) + 44.1 kHz stereo AAC, in MP4.
    static func h264AAC() throws -> String {
        try file("h264aac.mp4", ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2",
                                 "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=2",
                                 "-ac", "2", "-c:v", "libx264", "-preset", "ultrafast", "-bf", "2", "-g", "12",
                                 "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"] + bt709)
    }

    /// x264's BT.709 tags, for fixtures that check geometry and timing against the stored picture: at SD sizes an
    /// untagged picture is BT.601 by the untagged rule, and the 8-bit path converts its matrix.
    static let bt709 = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]

    /// A copy of `h264AAC` whose display matrix says "rotate 90° clockwise". FFmpeg 5.1's CLI writes
    /// the `rotate` tag with the counterclockwise sign, so the tag that yields 90° clockwise is 270.
    static func rotated90() throws -> String {
        try file("rotated90.mp4", ["-i", try h264AAC(), "-c", "copy", "-metadata:s:v:0", "rotate=270"])
    }

    /// 1 s of 44.1 kHz mono AAC in an M4A: no video stream.
    static func audioOnly() throws -> String {
        try file("audio-only.m4a", ["-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=44100:duration=1",
                                    "-c:a", "aac"])
    }

    /// 1 s of 160x120 video without audio.
    static func videoOnly() throws -> String {
        try file("video-only.mp4", ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1",
                                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
    }

    /// 3 s of 160x120 H.264 with AAC, its index first (`+faststart`), then cut after 60 % of its bytes: it opens and
    /// probes as 3 s, but its samples stop early (a copy cut short).
    static func truncatedAfterIndex() throws -> (whole: String, cut: String) {
        let whole = try file("indexed-first.mp4", ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=3",
                                                    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=3",
                                                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                                                    "-c:a", "aac", "-movflags", "+faststart"])
        let path = try scratch("truncated-after-index.mp4")
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        try data.prefix(data.count * 3 / 5).write(to: URL(fileURLWithPath: path))
        return (whole, path)
    }

    /// The first half of `h264AAC`'s bytes: an MP4 cut in two (its index is at the end).
    static func truncated() throws -> String {
        let source = try h264AAC()
        let path = try scratch("truncated.mp4")
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// Clips whose frames can be identified by their brightness.
extension MediaFixtures {
    /// Frames in the luma-coded clips: frame n is flat grey with luma `16 + 3n`.
    static let codedFrames = 60

    /// The luma of frame `n` of a luma-coded clip.
    static func codedLuma(_ n: Int) -> Int { 16 + 3 * n }

    /// The frame a luma-coded picture shows, from its centre pixel.
    static func codedFrameNumber(_ frame: PlanarFrameProbe) -> Int {
        Int(((Double(frame.centreLuma) - 16) / 3).rounded())
    }

    private static func codedArguments(_ extra: [String], filters: String = "") -> [String] {
        ["-f", "lavfi", "-i", "color=c=black:s=64x48:r=25:d=\(Double(codedFrames) / 25)",
         "-vf", "geq=lum='16+3*N':cb=128:cr=128" + filters,
         "-c:v", "libx264", "-preset", "ultrafast", "-g", "12", "-bf", "3", "-pix_fmt", "yuv420p"] + extra
    }

    /// 60 frames at 25 fps, 64x48, GOP 12 with B-frames, in MP4.
    static func lumaCoded() throws -> String {
        try file("luma-coded.mp4", codedArguments([]))
    }

    /// The same frames in MPEG-TS, which starts near 1.4 s.
    static func lumaCodedTS() throws -> String {
        try file("luma-coded.ts", codedArguments(["-f", "mpegts"]))
    }

    /// Variable frame rate: frames 5…9 and every frame n with n % 7 == 3 are dropped, and the
    /// others keep their original timestamps.
    static let vfrDropped: Set<Int> = Set(5...9).union((0..<codedFrames).filter { $0 % 7 == 3 })

    static func lumaCodedVFR() throws -> String {
        try file("luma-coded-vfr.mp4",
                 codedArguments(["-vsync", "vfr"], filters: ",select='not(between(n\\,5\\,9)+eq(mod(n\\,7)\\,3))'"))
    }

    /// 1 s of a flat 320x240 (4:3) picture of luma 235 (white).
    static func white4x3() throws -> String {
        try file("white-4x3.mp4", ["-f", "lavfi", "-i", "color=c=white:s=320x240:r=25:d=1",
                                   "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
    }

    /// 320x240 with a bright top-left quadrant, stream-copied with the tag `rotate=<tag>` (FFmpeg 5.1's
    /// CLI writes the tag's display matrix counterclockwise: tag 270 displays rotated 90° clockwise;
    /// the tag is ignored when encoding, so it is added by a copy).
    static func quadrant(rotateTag: Int) throws -> String {
        let plain = try file("quadrant.mp4",
                             ["-f", "lavfi", "-i", "color=c=black:s=320x240:r=25:d=0.4",
                              "-vf", "geq=lum='if(lt(X\\,W/2)*lt(Y\\,H/2)\\,235\\,16)':cb=128:cr=128",
                              "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
        return try file("quadrant-\(rotateTag).mp4", ["-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=\(rotateTag)"])
    }
}

/// Measurements of a decoded picture for assertions.
struct PlanarFrameProbe {
    let frame: PlanarFrame

    init(_ frame: PlanarFrame) { self.frame = frame }

    var centreLuma: UInt8 { frame.y[(frame.height / 2) * frame.width + frame.width / 2] }

    /// The mean luma of the rectangle `[x0, x1) × [y0, y1)`.
    func meanLuma(x0: Int, x1: Int, y0: Int, y1: Int) -> Double {
        var sum = 0
        for y in y0..<y1 { for x in x0..<x1 { sum += Int(frame.y[y * frame.width + x]) } }
        return Double(sum) / Double((x1 - x0) * (y1 - y0))
    }
}
