import Foundation
import ReelTestSupport

/// Sources with colour tags, HDR side data and Dolby Vision records, made with ffmpeg (and, for Dolby Vision,
/// a configuration box written into the file ffmpeg made).
extension MediaFixtures {
    /// Two frames of `testsrc2` at `size` coded with `arguments`.
    static func colorSource(_ name: String, size: String = "320x180", _ arguments: [String]) throws -> String {
        try file(name, ["-f", "lavfi", "-i", "testsrc2=s=\(size):r=25", "-frames:v", "2"] + arguments)
    }

    static func x265(_ params: String) -> [String] {
        ["-pix_fmt", "yuv420p10le", "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error:" + params]
    }

    /// BT.2100 HLG in HEVC Main10 (FIELD-NOTES §7), tagged in the stream and the container.
    static func hlgHEVC() throws -> String {
        try colorSource("hlg.mp4", x265("colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc")
                        + ["-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", "-tag:v", "hvc1"])
    }

    /// BT.2100 PQ in HEVC Main10 with a P3-D65 1000 cd/m² mastering display and maxCLL 1000, maxFALL 400 (SEI).
    static func pqHEVC() throws -> String {
        let display = "G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1)"
        return try colorSource("pq.mp4", x265("colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:hdr10=1:"
                                              + "master-display=\(display):max-cll=1000,400")
                               + ["-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc", "-tag:v", "hvc1"])
    }

    /// H.264 tagged Display P3 (`smpte432` primaries, sRGB transfer, BT.709 matrix).
    static func displayP3() throws -> String {
        try colorSource("p3.mp4", ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-color_primaries", "smpte432",
                                   "-color_trc", "iec61966-2-1", "-colorspace", "bt709"])
    }

    /// 720x480 H.264 with no colour tags at all.
    static func untaggedSD() throws -> String {
        try colorSource("untagged-480.mp4", size: "720x480", ["-c:v", "libx264", "-pix_fmt", "yuv420p"])
    }

    /// Untagged HEVC Main10 (the base layer of the Dolby Vision fixtures that leave it to the record).
    static func untaggedHEVC() throws -> String {
        try colorSource("untagged-hevc.mp4", x265("") + ["-tag:v", "hvc1"])
    }

    /// A copy of the HEVC file `source` with a Dolby Vision configuration box in its sample entry.
    static func dolbyVision(from source: String, profile: Int, compatibilityID: Int, name: String) throws -> String {
        let path = try scratch(name)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        try MP4Boxes.insertDolbyVisionRecord(into: &bytes, profile: profile, level: 6, compatibilityID: compatibilityID)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
