/// Decoding and writing of music `ducking`.
extension CompositionDocument {
    static let duckingKeys = ["under", "gain", "attack", "release"]
    /// The defaults of an editor's "duck under dialogue": −12 dB, 0.3 s down, 0.6 s back up.
    static let defaultDucking = Ducking(under: .voiceOvers, gain: Rational(unchecked: 1, 4),
                                        attack: RationalTime(unchecked: 3, 10), release: RationalTime(unchecked: 3, 5))

    /// The `ducking` member of a music entry; nil when absent or invalid (`f.has` tells which).
    /// Voice-over indices are checked against the list's length in `checkDuckingIndices`.
    static func decodeDucking(_ f: JSONFields) -> Ducking? {
        guard let d = f.object("ducking", keys: duckingKeys) else { return nil }
        var out = defaultDucking
        out.origin = d.path
        var valid = true
        if d.has("under") {
            if let under = decodeTrigger(d) { out.under = under } else { valid = false }
        }
        if d.has("gain") {
            let g = d.rational("gain", where: { !$0.isNegative && !(Rational.one < $0) }, "must be between 0 and 1")
            if let g { out.gain = g } else { valid = false }
        }
        for key in ["attack", "release"] where d.has(key) {
            guard let t = d.nonNegativeTime(key) else { valid = false; continue }
            if key == "attack" { out.attack = t } else { out.release = t }
        }
        return valid ? out : nil
    }

    /// `"voiceOvers"`, `"clips"` or a non-empty list of distinct voice-over indices.
    static func decodeTrigger(_ d: JSONFields) -> Ducking.Trigger? {
        let path = d.path("under")
        switch d["under"] {
        case .string("voiceOvers")?: return .voiceOvers
        case .string("clips")?: return .clips
        case .string(let s)?:
            d.log.add(path, "unknown trigger \"\(s)\"; expected \"voiceOvers\", \"clips\" or a list of voice-over indices")
            return nil
        case .array(let list)?:
            var indices: [Int] = []
            for (i, value) in list.enumerated() {
                guard let n = value.int64Value, let k = Int(exactly: n), k >= 0 else {
                    d.log.add(JSONPath.index(path, i), "expected a voice-over index (an integer ≥ 0), got \(value.kindDescription)")
                    return nil
                }
                guard !indices.contains(k) else {
                    d.log.add(JSONPath.index(path, i), "voice-over \(k) is listed twice")
                    return nil
                }
                indices.append(k)
            }
            guard !indices.isEmpty else { d.log.add(path, "lists no voice-over; give at least one index"); return nil }
            return .voiceOverIndices(indices)
        default:
            d.log.add(path, "expected \"voiceOvers\", \"clips\" or a list of voice-over indices")
            return nil
        }
    }

    /// Reports indices in `under` lists past the end of `voiceOvers` (which has `count` entries).
    static func checkDuckingIndices(_ entries: [AudioEntry], voiceOverCount count: Int, log: DiagnosticLog) {
        for e in entries {
            guard let d = e.ducking, case .voiceOverIndices(let list) = d.under else { continue }
            for (i, k) in list.enumerated() where k >= count {
                let have = count == 0 ? "there are no voiceOvers" : "voiceOvers has \(count) entries (0…\(count - 1))"
                log.add(JSONPath.index(JSONPath.member(d.origin, "under"), i), "no voice-over \(k); \(have)")
            }
        }
    }
}

extension CompositionJSON {
    /// `ducking` as written, every key given so the result does not depend on the defaults.
    static func encodeDucking(_ d: Ducking) -> JSONValue {
        let under: JSONValue = switch d.under {
        case .voiceOvers: .string("voiceOvers")
        case .clips: .string("clips")
        case .voiceOverIndices(let list): .array(list.map { .number(String($0)) })
        }
        return .object([member("under", under), member("gain", rational(d.gain)), member("attack", time(d.attack)),
                        member("release", time(d.release))])
    }
}
