import ReelModel

/// A title's animated properties at one instant.
public struct TitleState: Sendable, Hashable {
    /// 0…1.
    public var opacity: Rational
    /// The anchor (centre of the title box), normalised.
    public var position: Point
    /// 1 is the title's own size.
    public var scale: Rational

    public init(opacity: Rational, position: Point, scale: Rational) {
        self.opacity = opacity
        self.position = position
        self.scale = scale
    }

    /// Evaluates `title` at `offset` (relative to the title's start): keyframes interpolate linearly and
    /// hold outside their keys; empty `opacity` keys give the default fade (in over 20%, out over 20%);
    /// empty position keys give `title.position`; empty scale keys give 1.
    /// - Throws: `TitleError.keyframes` when exact arithmetic overflows.
    public init(of title: Title, at offset: RationalTime) throws(TitleError) {
        do {
            opacity = try title.opacity.value(at: offset) ?? Self.fade(at: offset, duration: title.timeRange.duration)
            position = try title.positionKeys.value(at: offset) ?? title.position
            scale = try title.scale.value(at: offset) ?? .one
        } catch {
            throw .keyframes(title: title.origin.isEmpty ? (title.text ?? title.image ?? "?") : title.origin,
                             message: "\(error)")
        }
    }

    /// The classic title fade: 0 → 1 over the first 20% of `duration`, 1 → 0 over the last 20%.
    static func fade(at t: RationalTime, duration: RationalTime) throws -> Rational {
        guard !duration.isZero else { return .one }
        let fade = try duration.rational / Rational(5)
        let rest = try duration.rational - t.rational
        let inside = min(t.rational, rest)
        if inside <= .zero { return .zero }
        return inside >= fade ? .one : try inside / fade
    }

    /// `round(opacity · 256)`, clamped to 0…256: the blend weight of a fully opaque title pixel.
    var opacityWeight: Int {
        guard opacity.numerator > 0 else { return 0 }
        guard opacity < .one else { return 256 }
        let n = Int128(opacity.numerator), d = Int128(opacity.denominator)
        return Int((n * 512 + d) / (2 * d))
    }
}
