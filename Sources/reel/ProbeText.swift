import Foundation
import ReelRecords
import ReelModel

/// `reel probe` output.
enum ProbeText {
    static func text(_ f: MediaFacts) -> String {
        var lines = ["\(f.path)", "  duration   \(f.duration.secondsText) (\(f.duration.value)/\(f.duration.timescale))",
                     "  size       \(f.fileSize) bytes"]
        if let v = f.video, v.isStill {
            lines.append("  image      \(v.codec) \(v.width)x\(v.height), a still image (a clip gives it a duration)")
        } else if let v = f.video {
            lines.append("  video      \(v.codec) \(v.width)x\(v.height), rotation \(v.rotation)°, "
                         + "\(v.frameRate.map { "\($0) fps" } ?? "unknown rate"), \(v.duration.secondsText)")
            lines += colorLines(v)
            if !v.keyframes.isEmpty { lines.append("  keyframes  \(v.keyframes.count): " + v.keyframes.prefix(8).map(\.description).joined(separator: ", ") + (v.keyframes.count > 8 ? ", …" : "")) }
        } else {
            lines.append("  video      none")
        }
        if let a = f.audio {
            lines.append("  audio      \(a.codec) \(a.sampleRate) Hz, \(a.channels) channel\(a.channels == 1 ? "" : "s"), \(a.duration.secondsText)")
        } else {
            lines.append("  audio      none")
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ f: MediaFacts) -> String {
        var object: [String: Any] = ["path": f.path, "duration": f.duration.description, "file_size": f.fileSize,
                                     "video": NSNull(), "audio": NSNull()]
        if let v = f.video {
            object["video"] = ["codec": v.codec, "width": v.width, "height": v.height, "rotation": v.rotation,
                               "frame_rate": FarmJSON.nullable(v.frameRate?.description), "duration": v.duration.description,
                               "keyframes": v.keyframes.map(\.description), "still": v.isStill,
                               "colour": colorJSON(v)]
        }
        if let a = f.audio {
            object["audio"] = ["codec": a.codec, "sample_rate": a.sampleRate, "channels": a.channels,
                               "duration": a.duration.description]
        }
        return FarmJSON.string(object)
    }
}
