/// Decoding of one transform keyframe's value: each component optional, each bounded.
extension CompositionDocument {
    static func decodeTransformValue(_ v: JSONValue, path: String, log: DiagnosticLog) -> TransformValue? {
        guard let f = JSONFields(v, path: path, keys: transformValueKeys, log: log) else { return nil }
        if !transformValueKeys.contains(where: f.has) {
            log.add(path, "a transform keyframe needs at least one of \(Suggestion.list(transformValueKeys, quoted: true))")
            return nil
        }
        let position = f.read("position", boundedPoint)
        let anchor = f.read("anchor", boundedPoint)
        let scale = f.read("scale") { v throws(ValueProblem) in
            let r = try boundedRational(v, CompositionLimits.layerScale, "between 0 and 20")
            guard !r.isZero else { throw ValueProblem("must be above 0") }
            return r
        }
        let rotation = f.read("rotation") { v throws(ValueProblem) in
            try boundedRational(v, CompositionLimits.layerRotation, "between -3600 and 3600 degrees")
        }
        var crop: NormalisedRect? = nil
        if let c = f.object("crop", keys: cropKeys, required: cropKeys) { crop = decodeCrop(c) }
        let read: [(String, Bool)] = [("position", position != nil), ("anchor", anchor != nil), ("scale", scale != nil),
                                      ("rotation", rotation != nil), ("crop", crop != nil)]
        guard read.allSatisfy({ f.has($0.0) == $0.1 }) else { return nil }
        return TransformValue(position: position, scale: scale, rotation: rotation, anchor: anchor, crop: crop)
    }

    /// A point whose coordinates lie within ±10 (0…1 spans the frame).
    static func boundedPoint(_ v: JSONValue) throws(ValueProblem) -> Point {
        let p = try parsePoint(v)
        let m = CompositionLimits.maxPositionMagnitude
        let low = Rational(unchecked: -m.numerator, m.denominator)
        for (axis, value) in [("x", p.x), ("y", p.y)] where value < low || m < value {
            throw ValueProblem("\(axis) must be between -10 and 10 (0 to 1 spans the frame), got \(value.exactDecimalOrFraction)")
        }
        return p
    }

    /// `{"x", "y", "width", "height"}`, normalised, non-empty and inside the layer.
    static func decodeCrop(_ c: JSONFields) -> NormalisedRect? {
        let unit = Rational.zero...Rational.one
        let values = cropKeys.map { key in
            c.read(key) { v throws(ValueProblem) in try boundedRational(v, unit, "between 0 and 1") }
        }
        guard let x = values[0], let y = values[1], let w = values[2], let h = values[3] else { return nil }
        if w.isZero || h.isZero {
            c.log.add(c.path(w.isZero ? "width" : "height"), "must be above 0")
            return nil
        }
        if let right = try? x + w, Rational.one < right {
            c.log.add(c.path("width"), "x + width is \(right.exactDecimalOrFraction); the crop must stay inside the layer (≤ 1)")
            return nil
        }
        if let bottom = try? y + h, Rational.one < bottom {
            c.log.add(c.path("height"), "y + height is \(bottom.exactDecimalOrFraction); the crop must stay inside the layer (≤ 1)")
            return nil
        }
        return NormalisedRect(x: x, y: y, width: w, height: h)
    }
}
