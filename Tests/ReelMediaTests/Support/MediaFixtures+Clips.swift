import Foundation

/// The named clips the ReelMedia input tests use. Each is small and quick to encode.
extension MediaFixtures {
    /// 2 s, 320x240, 25 fps H.264 (GOP 12, B-frames) + 44.1 kHz stereo AAC, in MP4.
    static func h264AAC() throws -> String {
        try file("h264aac.mp4", ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2",
                                 "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=2",
                                 "-ac", "2", "-c:v", "libx264", "-preset", "ultrafast", "-bf", "2", "-g", "12",
                                 "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"])
    }

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

    /// The first half of `h264AAC`'s bytes: an MP4 cut in two (its index is at the end).
    static func truncated() throws -> String {
        let source = try h264AAC()
        let path = scratch("truncated.mp4")
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        return path
    }
}
