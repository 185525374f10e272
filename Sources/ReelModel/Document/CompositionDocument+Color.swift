/// Decoding of `output.colour` and the HDR metadata a PQ output writes (`masteringDisplay`, `maxCLL`, `maxFALL`).
extension CompositionDocument {
    static let masteringDisplayKeys = ["red", "green", "blue", "white", "minLuminance", "maxLuminance"]

    /// Reads the colour into `out` once `out.video` is known: an HDR colour gives HEVC and AV1 10 bits when
    /// `videoBitDepthGiven` is false, and must suit the codec (`OutputColor.problem(video:)`).
    static func decodeColor(_ f: JSONFields, into out: inout OutputEntry, videoBitDepthGiven: Bool) {
        if let color: OutputColor = f.choice("colour", "colour") { out.color = color }
        if out.color.isHDR, !videoBitDepthGiven, OutputColor.impliedTenBit.contains(out.video.codec) {
            out.video.bitDepth = 10
        }
        if let problem = out.color.problem(video: out.video) { f.log.add(f.path("colour"), problem) }
        var hdr = HDRMetadata()
        hdr.masteringDisplay = f.read("masteringDisplay") { value throws(ValueProblem) in
            try masteringDisplay(value, path: f.path("masteringDisplay"), log: f.log)
        } ?? nil
        hdr.maxCLL = f.integer("maxCLL", in: 0...65_535)
        hdr.maxFALL = f.integer("maxFALL", in: 0...65_535)
        if let cll = hdr.maxCLL, let fall = hdr.maxFALL, fall > cll {
            f.log.add(f.path("maxFALL"), "the frame-average light level (\(fall)) cannot exceed maxCLL (\(cll))")
        }
        for key in ["masteringDisplay", "maxCLL", "maxFALL"] where f.has(key) && out.color != .pq {
            f.log.add(f.path(key), "applies to a PQ output only (\"colour\": \"pq\"); HLG and SDR carry no static HDR metadata")
        }
        if hdr != HDRMetadata(), out.color == .pq { out.hdr = hdr }
    }

    /// A display by name (`"P3-D65 1000"`, `"BT.2020 4000 0.005"`: primaries, peak and optional black in cd/m²)
    /// or as an object of xy pairs and luminances; nil after logging when a member is wrong.
    static func masteringDisplay(_ value: JSONValue, path: String,
                                 log: DiagnosticLog) throws(ValueProblem) -> HDRMetadata.MasteringDisplay? {
        if case .string(let name) = value { return try namedDisplay(name) }
        guard case .object = value else {
            throw ValueProblem("expected a name such as \"P3-D65 1000\" or an object with \"red\", \"green\", "
                               + "\"blue\", \"white\", \"minLuminance\" and \"maxLuminance\", got \(value.kindDescription)")
        }
        guard let f = JSONFields(value, path: path, keys: masteringDisplayKeys, required: masteringDisplayKeys,
                                 log: log) else { return nil }
        var primaries: [Double] = []
        for key in ["red", "green", "blue", "white"] {
            guard let xy = f.read(key, chromaticity) else { return nil }
            primaries += xy
        }
        guard let min = f.read("minLuminance", luminance), let max = f.read("maxLuminance", luminance) else { return nil }
        guard min < max else {
            f.log.add(f.path("minLuminance"), "must be below maxLuminance (\(max) cd/m²), got \(min)")
            return nil
        }
        return HDRMetadata.MasteringDisplay(primaries: primaries, minLuminance: min, maxLuminance: max).quantized
    }

    static func namedDisplay(_ text: String) throws(ValueProblem) -> HDRMetadata.MasteringDisplay {
        let names = HDRMetadata.MasteringDisplay.namedPrimaries
        let words = text.split(separator: " ").map(String.init)
        let list = Suggestion.list(names.map { "\($0.name) 1000" }, joinedBy: "or")
        guard (2...3).contains(words.count), let primaries = names.first(where: { $0.name == words[0] })?.primaries else {
            throw ValueProblem("unknown mastering display \"\(text)\"; give \(list) (primaries, peak cd/m², "
                               + "optional black cd/m²), or the object form")
        }
        let max = try luminance(.string(words[1]))
        let min = words.count == 3 ? try luminance(.string(words[2])) : HDRMetadata.MasteringDisplay.defaultMinLuminance
        guard min < max else { throw ValueProblem("the black level \(words[2]) must be below the peak \(words[1])") }
        return HDRMetadata.MasteringDisplay(primaries: primaries, minLuminance: min, maxLuminance: max).quantized
    }

    /// `["0.3127", "0.3290"]`: CIE 1931 x and y, each from 0 to 1.
    static func chromaticity(_ value: JSONValue) throws(ValueProblem) -> [Double] {
        guard case .array(let pair) = value, pair.count == 2 else {
            throw ValueProblem("expected [x, y] as exact decimals, such as [\"0.3127\", \"0.3290\"], got \(value.kindDescription)")
        }
        var xy: [Double] = []
        for v in pair {
            let r = try JSONExact.rationalValue(v)
            guard !r.isNegative, r <= Rational(unchecked: 1, 1) else {
                throw ValueProblem("a chromaticity coordinate lies from 0 to 1, got \(r.exactDecimalOrFraction)")
            }
            xy.append(r.doubleValue)
        }
        return xy
    }

    /// A luminance in cd/m², above 0 and at most 10000 (PQ's peak).
    static func luminance(_ value: JSONValue) throws(ValueProblem) -> Double {
        let r = try JSONExact.rationalValue(value)
        guard !r.isNegative, !r.isZero, r <= Rational(unchecked: 10_000, 1) else {
            throw ValueProblem("a luminance lies above 0 and at most 10000 cd/m², got \(r.exactDecimalOrFraction)")
        }
        return r.doubleValue
    }
}
