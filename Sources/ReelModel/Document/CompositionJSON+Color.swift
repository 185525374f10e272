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
        let xy = { (p: (x: Double, y: Double)) -> JSONValue in
            .array([steps(p.x, Display.chromaticityUnits), steps(p.y, Display.chromaticityUnits)])
        }
        return .object([member("red", xy(d.red)), member("green", xy(d.green)), member("blue", xy(d.blue)),
                        member("white", xy(d.white)),
                        member("minLuminance", steps(d.minLuminance, Display.luminanceUnits)),
                        member("maxLuminance", steps(d.maxLuminance, Display.luminanceUnits))])
    }

    /// `value` as an exact decimal string of whole 1/`units` steps (both unit counts divide a power of ten).
    static func steps(_ value: Double, _ units: Int64) -> JSONValue {
        let n = Int64((value * Double(units)).rounded())
        return .string((try? Rational(n, units))?.exactDecimalOrFraction ?? "\(n)/\(units)")
    }
}
