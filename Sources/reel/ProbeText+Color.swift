import Foundation
import ReelRecords
import ReelModel

/// `reel probe`'s colour lines: what the stream's tags say, what Reel assumes where they are silent, the HDR
/// side data and a Dolby Vision record.
extension ProbeText {
    static func colorLines(_ v: MediaFacts.Video) -> [String] {
        var lines = ["  colour     \(colorReading(v))"]
        if let hdr = v.hdr { lines.append("  hdr        \(hdrText(hdr))") }
        if let dv = v.dolbyVision { lines.append("  dolby      \(dv.reading)") }
        return lines
    }

    /// `tagged …; read as BT.2100 HLG, 10-bit yuv420p10le`, or `untagged: assuming BT.709 …`.
    static func colorReading(_ v: MediaFacts.Video) -> String {
        let t = v.colorTags
        let tagged = [("matrix", t.matrix), ("range", t.range), ("primaries", t.primaries), ("transfer", t.transfer)]
            .compactMap { key, name in name.map { "\(key) \($0)" } }
        let depth = "\(v.bitDepth)-bit\(v.pixelFormat.map { " \($0)" } ?? "")"
        var text = tagged.isEmpty
            ? "untagged: assuming \(v.color.label) (\(depth))"
            : "tagged \(tagged.joined(separator: ", ")); read as \(v.color.label) (\(depth))"
        if !tagged.isEmpty, tagged.count < 4 { text += "; the untagged rule fills the rest" }
        let unknown = t.unsupported
        if !unknown.isEmpty { text += "; not a colour Reel reads, so a composition using it is refused: \(unknown.joined(separator: ", "))" }
        if let dv = v.dolbyVision, let base = dv.baseLayer, t.knownTransfer == nil {
            text += "; transfer from the Dolby Vision \(dv.name) base layer (\(base.label))"
        }
        return text
    }

    static func hdrText(_ hdr: HDRMetadata) -> String {
        var parts: [String] = []
        if let d = hdr.masteringDisplay {
            let named = HDRMetadata.MasteringDisplay.namedPrimaries.first { $0.primaries == d.primaries }?.name
            let xy = d.primaries.map { "\($0)" }.joined(separator: " ")
            parts.append("mastering display \(named ?? "primaries \(xy)"), \(number(d.minLuminance))–\(number(d.maxLuminance)) cd/m²")
        }
        if let cll = hdr.maxCLL { parts.append("maxCLL \(cll) cd/m²") }
        if let fall = hdr.maxFALL { parts.append("maxFALL \(fall) cd/m²") }
        return parts.joined(separator: ", ")
    }

    /// `1000`, `0.0001`: whole values without Swift's trailing `.0`.
    static func number(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
    }

    /// `reel probe --json`'s `colour` object.
    static func colorJSON(_ v: MediaFacts.Video) -> [String: Any] {
        let t = v.colorTags
        func tag(_ s: String?) -> Any { FarmJSON.nullable(s) }
        var object: [String: Any] = [
            "bit_depth": v.bitDepth, "pixel_format": tag(v.pixelFormat),
            "tags": ["matrix": tag(t.matrix), "range": tag(t.range), "primaries": tag(t.primaries), "transfer": tag(t.transfer)],
            "read_as": ["matrix": v.color.matrix.rawValue, "range": v.color.range.rawValue,
                        "primaries": v.color.primaries.rawValue, "transfer": v.color.transfer.rawValue,
                        "label": v.color.label],
            "assumed": t.isEmpty, "reading": colorReading(v),
        ]
        if let hdr = v.hdr {
            var h: [String: Any] = ["max_cll": FarmJSON.nullable(hdr.maxCLL), "max_fall": FarmJSON.nullable(hdr.maxFALL),
                                    "mastering_display": NSNull()]
            if let d = hdr.masteringDisplay {
                h["mastering_display"] = ["primaries": d.primaries, "min_luminance": d.minLuminance, "max_luminance": d.maxLuminance]
            }
            object["hdr"] = h
        }
        if let dv = v.dolbyVision {
            object["dolby_vision"] = ["profile": dv.profile, "level": dv.level, "compatibility_id": dv.compatibilityID,
                                      "base_layer_present": dv.baseLayerPresent, "name": dv.name,
                                      "base_layer": tag(dv.baseLayer?.label), "reading": dv.reading]
        }
        return object
    }
}
