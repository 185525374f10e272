/// Decoding of voice-overs, music and volume automation.
extension CompositionDocument {
    static let voiceOverKeys = ["asset", "sourceRange", "at", "volume", "volumeAutomation", "route"]
    static let musicKeys = ["asset", "sourceRange", "at", "loop", "volume", "volumeAutomation", "ducking", "route"]
    static let rampKeys = ["from", "to", "timeRange"]

    static func decodeAudio(_ root: JSONFields, assetIDs: [AssetID]) -> [AudioEntry] {
        var entries: [AudioEntry] = []
        for (i, value) in (root.array("voiceOvers") ?? []).enumerated() {
            let path = JSONPath.index("voiceOvers", i)
            if let e = decodeAudioEntry(value, role: .voiceOver, path: path, assetIDs: assetIDs, log: root.log) {
                entries.append(e)
            }
        }
        switch root["music"] {
        case .array(let list)?:
            for (i, value) in list.enumerated() {
                let path = JSONPath.index("music", i)
                if let e = decodeAudioEntry(value, role: .music, path: path, assetIDs: assetIDs, log: root.log) {
                    entries.append(e)
                }
            }
        case let value?:
            if let e = decodeAudioEntry(value, role: .music, path: "music", assetIDs: assetIDs, log: root.log) {
                entries.append(e)
            }
        case nil:
            break
        }
        checkDuckingIndices(entries, voiceOverCount: root["voiceOvers"]?.arrayValue?.count ?? 0, log: root.log)
        return entries
    }

    static func decodeAudioEntry(_ value: JSONValue, role: AudioItem.Role, path: String, assetIDs: [AssetID],
                                 log: DiagnosticLog) -> AudioEntry? {
        let keys = role == .music ? musicKeys : voiceOverKeys
        let required = role == .music ? ["asset", "sourceRange"] : ["asset", "sourceRange", "at"]
        guard let f = JSONFields(value, path: path, keys: keys, required: required, log: log) else { return nil }
        let asset = f.assetID("asset", known: assetIDs)
        let range = f.timeRange("sourceRange")
        let at = f.nonNegativeTime("at")
        let volume = f.rational("volume", where: { !$0.isNegative }, "must not be negative") ?? .one
        let loop = f.bool("loop") ?? false
        let automation = decodeAutomation(f)
        let ducking = decodeDucking(f)
        guard let asset, let range, let automation, at != nil || !f.has("at"), ducking != nil || !f.has("ducking")
        else { return nil }
        return AudioEntry(role: role, asset: asset, sourceRange: range, at: at ?? .zero, loop: loop, volume: volume,
                          automation: automation, ducking: ducking, origin: path, route: decodeRoute(f))
    }

    /// Ramps sorted by start; overlapping ramps are reported. Nil when any ramp is invalid.
    static func decodeAutomation(_ f: JSONFields) -> [VolumeRamp]? {
        guard let list = f.array("volumeAutomation") else { return f.has("volumeAutomation") ? nil : [] }
        let base = f.path("volumeAutomation")
        var ramps: [(index: Int, ramp: VolumeRamp)] = []
        var valid = true
        for (i, value) in list.enumerated() {
            if let ramp = decodeRamp(value, path: JSONPath.index(base, i), log: f.log) {
                ramps.append((i, ramp))
            } else {
                valid = false
            }
        }
        ramps.sort { $0.ramp.timeRange.start < $1.ramp.timeRange.start }
        for (earlier, later) in zip(ramps, ramps.dropFirst()) where earlier.ramp.timeRange.overlaps(later.ramp.timeRange) {
            let range = earlier.ramp.timeRange
            f.log.add(JSONPath.member(JSONPath.index(base, later.index), "timeRange"),
                      "overlaps volumeAutomation[\(earlier.index)], which runs from \(range.start.diagnosticText) "
                      + "to \(range.end.diagnosticText)")
            valid = false
        }
        return valid ? ramps.map(\.ramp) : nil
    }

    static func decodeRamp(_ value: JSONValue, path: String, log: DiagnosticLog) -> VolumeRamp? {
        guard let f = JSONFields(value, path: path, keys: rampKeys, required: rampKeys, log: log) else { return nil }
        let from = f.rational("from", where: { !$0.isNegative }, "must not be negative")
        let to = f.rational("to", where: { !$0.isNegative }, "must not be negative")
        let range = f.timeRange("timeRange")
        guard let from, let to, let range else { return nil }
        return VolumeRamp(from: from, to: to, timeRange: range)
    }
}
