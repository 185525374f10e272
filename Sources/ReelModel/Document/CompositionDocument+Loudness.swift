/// Decoding of `output.audio.loudness`.
extension CompositionDocument {
    static let loudnessKeys = ["integrated", "truePeak", "standard"]

    /// The target, or nil when a member is wrong (each problem logged at its path). Values are exact numbers or
    /// decimal strings, like every other level in the format: `"-23"`, `-23`, `"-23.5"`.
    static func decodeLoudness(_ f: JSONFields) -> LoudnessTarget? {
        let integrated = f.rational("integrated", where: LoudnessTarget.integratedRange.contains,
                                    "an integrated target must be between -70 and 0 LUFS")
        let truePeak = f.has("truePeak")
            ? f.rational("truePeak", where: LoudnessTarget.truePeakRange.contains,
                         "a true-peak ceiling must be between -9 and 0 dBTP")
            : LoudnessTarget.defaultTruePeak
        let standard: LoudnessTarget.Standard? = f.has("standard") ? f.choice("standard", "loudness standard") : .bs1770_4
        guard let integrated, let truePeak, let standard else { return nil }
        return LoudnessTarget(integrated: integrated, truePeak: truePeak, standard: standard)
    }
}
