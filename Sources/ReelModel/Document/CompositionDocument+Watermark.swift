/// Decoding of `watermark`.
extension CompositionDocument {
    static let watermarkKeys = ["image", "position", "opacity", "scale"]

    static func decodeWatermark(_ root: JSONFields, baseDirectory: String) -> Watermark? {
        guard let f = root.object("watermark", keys: watermarkKeys, required: ["image"]) else { return nil }
        let image = f.string("image").flatMap { $0.isEmpty ? nil : resolve($0, in: baseDirectory) }
        if f.has("image") && image == nil && f.string("image") != nil { f.log.add(f.path("image"), "must not be empty") }
        let position = f.read("position", boundedPoint)
        let opacity = f.read("opacity", unitRational)
        let scale = f.read("scale") { v throws(ValueProblem) in
            let r = try boundedRational(v, .zero ... .one, "above 0 and at most 1 (a fraction of the output width)")
            guard !r.isZero else { throw ValueProblem("must be above 0") }
            return r
        }
        let read = [("position", position != nil), ("opacity", opacity != nil), ("scale", scale != nil)]
        guard let image, read.allSatisfy({ f.has($0.0) == $0.1 }) else { return nil }
        return Watermark(image: image, position: position ?? CompositionFormat.namedPositions["bottom-right"]!,
                         opacity: opacity ?? .one, scale: scale ?? Rational(unchecked: 3, 20), origin: "watermark")
    }
}
