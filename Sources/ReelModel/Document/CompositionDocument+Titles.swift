/// Decoding of titles and their keyframes.
extension CompositionDocument {
    static let titleKeys = ["text", "image", "font", "size", "color", "position", "timeRange", "opacity",
                            "positionKeys", "scale"]

    static func decodeTitles(_ root: JSONFields, baseDirectory: String) -> [Title] {
        guard let list = root.array("titles") else { return [] }
        return list.enumerated().compactMap { i, value in
            decodeTitle(value, path: JSONPath.index("titles", i), baseDirectory: baseDirectory, log: root.log)
        }
    }

    static func decodeTitle(_ value: JSONValue, path: String, baseDirectory: String, log: DiagnosticLog) -> Title? {
        guard let f = JSONFields(value, path: path, keys: titleKeys, required: ["timeRange"], log: log) else { return nil }
        let rawText = f.string("text")
        let text = rawText.flatMap { $0.isEmpty ? nil : $0 }
        let image = f.string("image").map { resolve($0, in: baseDirectory) }
        let typeErrors = (f.has("text") && rawText == nil) || (f.has("image") && image == nil)
        if text == nil && image == nil && !typeErrors { log.add(path, "a title needs a non-empty \"text\" or an \"image\"") }
        let font = f.string("font").map { $0.contains("/") ? resolve($0, in: baseDirectory) : $0 }
        let size = f.integer("size", in: 1...2000) ?? 48
        let color = f.read("color", parseColor) ?? .white
        let position = f.read("position", parsePoint) ?? CompositionFormat.namedPositions["center"]!
        guard let range = f.timeRange("timeRange") else { return nil }
        let opacity = keyframeTrack(f, "opacity", span: range.duration, .title) { v, path, log in
            readValue(v, path: path, log: log, unitRational)
        }
        let positions = keyframeTrack(f, "positionKeys", span: range.duration, .title) { v, path, log in
            readValue(v, path: path, log: log, parsePoint)
        }
        let scale = keyframeTrack(f, "scale", span: range.duration, .title) { v, path, log in
            readValue(v, path: path, log: log, positiveRational)
        }
        guard let opacity, let positions, let scale, text != nil || image != nil else { return nil }
        return Title(text: text, image: image, font: font, size: size, color: color, position: position,
                     timeRange: range, opacity: opacity, positionKeys: positions, scale: scale, origin: path)
    }

    static func unitRational(_ v: JSONValue) throws(ValueProblem) -> Rational {
        let r = try JSONExact.rationalValue(v)
        guard !r.isNegative, r <= .one else { throw ValueProblem("must be between 0 and 1, got \(r.exactDecimalOrFraction)") }
        return r
    }

    static func positiveRational(_ v: JSONValue) throws(ValueProblem) -> Rational {
        let r = try JSONExact.rationalValue(v)
        guard !r.isNegative, !r.isZero else { throw ValueProblem("must be positive, got \(r.exactDecimalOrFraction)") }
        return r
    }

    /// `{"x": r, "y": r}` in normalised coordinates, or a named position such as "lower-third".
    static func parsePoint(_ v: JSONValue) throws(ValueProblem) -> Point {
        if case .string(let name) = v {
            if let p = CompositionFormat.namedPositions[name] { return p }
            let names = CompositionFormat.namedPositions.keys.sorted()
            let hint = Suggestion.closest(to: name, in: names).map { "did you mean \"\($0)\"?" }
                ?? "valid positions are \(Suggestion.list(names, quoted: false)), or {\"x\": \"0.5\", \"y\": \"0.8\"}"
            throw ValueProblem("unknown position \"\(name)\"; \(hint)")
        }
        guard case .object(let members) = v, Set(members.map(\.key)) == ["x", "y"], members.count == 2 else {
            throw ValueProblem("expected a position name or {\"x\": …, \"y\": …}, got \(v.kindDescription)")
        }
        return Point(x: try JSONExact.rationalValue(v["x"]!), y: try JSONExact.rationalValue(v["y"]!))
    }

    /// `"#RRGGBB"` or `"#RRGGBBAA"`.
    static func parseColor(_ v: JSONValue) throws(ValueProblem) -> RGBA {
        guard case .string(let s) = v, s.hasPrefix("#"), s.utf8.count == 7 || s.utf8.count == 9 else {
            throw ValueProblem("expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", got \(v.kindDescription)")
        }
        var bytes: [UInt8] = []
        let digits = Array(s.utf8.dropFirst())
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let hi = JSONScanner.hexValue(digits[i]), let lo = JSONScanner.hexValue(digits[i + 1]) else {
                throw ValueProblem("\"\(s)\" is not a hexadecimal colour \"#RRGGBB\" or \"#RRGGBBAA\"")
            }
            bytes.append(hi << 4 | lo)
        }
        return RGBA(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes.count == 4 ? bytes[3] : 255)
    }
}
