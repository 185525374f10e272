import Foundation

/// What ffprobe says about a file's output colour: the first video stream's tags, and the HDR side data (SMPTE
/// ST 2086 mastering display, CTA-861.3 content light level) of the stream or of its first frame.
public enum HDRProbe {
    /// The HDR fields the tests compare: ffprobe's rationals ("n/d") as values, since Matroska stores floats and
    /// reads them back reduced ("17/25" for MP4's "34000/50000").
    public struct Fields: Equatable, Sendable {
        public var redX: Double?
        public var maxLuminance: Double?
        public var minLuminance: Double?
        public var maxContent: Int?
        public var maxAverage: Int?

        public init(redX: Double?, maxLuminance: Double?, minLuminance: Double?, maxContent: Int?, maxAverage: Int?) {
            (self.redX, self.maxLuminance, self.minLuminance) = (redX, maxLuminance, minLuminance)
            (self.maxContent, self.maxAverage) = (maxContent, maxAverage)
        }
    }

    /// color_primaries, color_transfer, color_space, color_range of the first video stream, in that order.
    public static func tags(_ path: String) throws -> [String] {
        let keys = ["color_primaries", "color_transfer", "color_space", "color_range"]
        let stream = try firstVideoStream(path, entries: keys.joined(separator: ","))
        return keys.map { stream[$0] as? String ?? "" }
    }

    /// `ffprobe -show_entries stream=<entries>` of the first video stream, as JSON.
    public static func firstVideoStream(_ path: String, entries: String) throws -> [String: Any] {
        let out = try TestProcess.check("/usr/bin/ffprobe", ["-v", "error", "-of", "json", "-select_streams", "v:0",
                                                             "-show_entries", "stream=" + entries, path])
        let json = try JSONSerialization.jsonObject(with: out.stdoutData) as? [String: Any]
        return (json?["streams"] as? [[String: Any]])?.first ?? [:]
    }

    /// The HDR side data of the first video stream (`frames: false`, from the container's boxes) or of its first
    /// frame (`frames: true`, from the bitstream's SEI); nil fields where it has none.
    public static func fields(_ path: String, frames: Bool) throws -> Fields {
        let section = frames ? ["-show_frames", "-read_intervals", "%+#1", "-show_entries", "frame=side_data_list"]
                             : ["-show_streams", "-show_entries", "stream=side_data_list"]
        let out = try TestProcess.check("/usr/bin/ffprobe", ["-v", "error", "-of", "json", "-select_streams", "v:0"]
                                        + section + [path])
        let json = try JSONSerialization.jsonObject(with: out.stdoutData) as? [String: Any]
        let rows = json?[frames ? "frames" : "streams"] as? [[String: Any]]
        let list = rows?.first?["side_data_list"] as? [[String: Any]] ?? []
        let display = list.first { $0["side_data_type"] as? String == "Mastering display metadata" }
        let light = list.first { $0["side_data_type"] as? String == "Content light level metadata" }
        func value(_ key: String) -> Double? {
            guard let parts = (display?[key] as? String)?.split(separator: "/"), parts.count == 2,
                  let n = Double(parts[0]), let d = Double(parts[1]) else { return nil }
            return n / d
        }
        return Fields(redX: value("red_x"), maxLuminance: value("max_luminance"), minLuminance: value("min_luminance"),
                      maxContent: light?["max_content"] as? Int, maxAverage: light?["max_average"] as? Int)
    }

    /// The fields of a P3-D65, 0.0001–1000 cd/m² display with MaxCLL 1000 and MaxFALL 400, as the tests write it.
    public static let p3Display1000 = Fields(redX: 34000.0 / 50000, maxLuminance: 1000, minLuminance: 1.0 / 10000,
                                             maxContent: 1000, maxAverage: 400)
}
