/// Writing `output.colour` and a PQ output's HDR metadata: nothing for SDR, so existing compositions are written
/// as before.
extension CompositionJSON {
    static func encodeColor(_ o: OutputSettings) -> [JSONMember] {
        guard o.color != .sdr else { return [] }
        var members = [member("colour", .string(o.color.rawValue))]
        guard let hdr = o.hdrMetadata else { return members }
        if let display = hdr.masteringDisplay { members.append(member("masteringDisplay", encodeDisplay(display))) }
        if let cll = hdr.maxCLL { members.append(member("maxCLL", .number("\(cll)"))) }
        if let fall = hdr.maxFALL { members.append(member("maxFALL", .number("\(fall)"))) }
        return members
    }

    /// Always the object form, each value as the exact decimal of the step the stream stores.
    static func encodeDisplay(_ d: HDRMetadata.MasteringDisplay) -> JSONValue {
        typealias Display = HDRMetadata.MasteringDisplay
        let s = d.steps
        let xy = { (i: Int) -> JSONValue in
            .array([decimal(s[i], Display.chromaticityUnits), decimal(s[i + 1], Display.chromaticityUnits)])
        }
        return .object([member("red", xy(0)), member("green", xy(2)), member("blue", xy(4)), member("white", xy(6)),
                        member("minLuminance", decimal(s[8], Display.luminanceUnits)),
                        member("maxLuminance", decimal(s[9], Display.luminanceUnits))])
    }

    /// `n`/`units` as an exact decimal string (both unit counts divide a power of ten, so it terminates).
    static func decimal(_ n: Int64, _ units: Int64) -> JSONValue {
        .string((try? Rational(n, units))?.exactDecimalOrFraction ?? "\(n)/\(units)")
    }
}
