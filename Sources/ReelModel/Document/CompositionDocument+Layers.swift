/// Decoding of a clip's layer keys: `transform` and `opacity` keyframes and `mask`.
extension CompositionDocument {
    static let transformValueKeys = ["position", "scale", "rotation", "anchor", "crop"]
    static let cropKeys = ["x", "y", "width", "height"]
    static let maskKeys = ["shape", "radius", "feather"]

    /// The clip's layer animation, or nil when any part of it is invalid (each problem is logged).
    /// - Parameter span: the clip's whole length on the timeline; key times must lie in `[0, span]`.
    static func decodeLayer(_ f: JSONFields, span: RationalTime) -> LayerAnimation? {
        let transform = keyframeTrack(f, "transform", span: span, .layer, decodeTransformValue)
        let opacity = keyframeTrack(f, "opacity", span: span, .layer) { v, path, log in
            readValue(v, path: path, log: log, unitRational)
        }
        var mask: Mask? = nil
        var maskValid = true
        if let m = f.object("mask", keys: maskKeys, required: ["shape"]) {
            mask = decodeMask(m)
            maskValid = mask != nil
        } else if f.has("mask") {
            maskValid = false
        }
        guard let transform, let opacity, maskValid else { return nil }
        return LayerAnimation(transform: transform, opacity: opacity, mask: mask)
    }

    /// `{"shape": …, "radius": r, "feather": px}`.
    static func decodeMask(_ m: JSONFields) -> Mask? {
        let shape: Mask.Shape? = m.choice("shape", "mask shape")
        let radius = m.read("radius") { v throws(ValueProblem) in
            try boundedRational(v, CompositionLimits.maskRadius, "between 0 and 1 (1: half the shorter side)")
        }
        let feather = m.read("feather") { v throws(ValueProblem) in
            try boundedRational(v, CompositionLimits.maskFeather, "between 0 and 1000 pixels")
        }
        guard let shape, m.has("radius") == (radius != nil), m.has("feather") == (feather != nil) else { return nil }
        if shape == .circle, radius?.isZero == true {
            m.log.add(m.path("radius"), "a circle needs a radius above 0")
            return nil
        }
        return Mask(shape: shape, radius: radius ?? .one, feather: feather ?? .zero)
    }

    /// Runs a value reader on a bare value, logging its problem at `path`.
    static func readValue<T>(_ v: JSONValue, path: String, log: DiagnosticLog,
                             _ read: (JSONValue) throws(ValueProblem) -> T) -> T? {
        do { return try read(v) } catch {
            log.add(path, error.message)
            return nil
        }
    }

    static func boundedRational(_ v: JSONValue, _ range: ClosedRange<Rational>, _ text: String) throws(ValueProblem) -> Rational {
        let r = try JSONExact.rationalValue(v)
        guard range.contains(r) else { throw ValueProblem("must be \(text), got \(r.exactDecimalOrFraction)") }
        return r
    }
}
