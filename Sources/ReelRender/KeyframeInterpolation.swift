import ReelModel

/// Linear keyframe interpolation in exact rational arithmetic.
///
/// Keys are taken in time order. Before the first key the first value holds, after the last key the
/// last value holds; between keys `i` and `i + 1` the value is `v_i + (v_{i+1} − v_i)·(t − t_i)/(t_{i+1} − t_i)`.
/// Two keys at the same time: the later one in the list wins from that instant.
enum KeyframeInterpolation {
    /// The interpolated value at `t`, or nil when there are no keys.
    /// - Throws: `ModelError.overflow` when the exact arithmetic does not fit.
    static func value(_ keys: [Keyframe<Rational>], at t: RationalTime) throws -> Rational? {
        guard let (a, b, f) = try bracket(keys, at: t) else { return nil }
        return try lerp(a, b, f)
    }

    /// The interpolated point at `t`, or nil when there are no keys.
    static func point(_ keys: [Keyframe<Point>], at t: RationalTime) throws -> Point? {
        guard let (a, b, f) = try bracket(keys, at: t) else { return nil }
        return Point(x: try lerp(a.x, b.x, f), y: try lerp(a.y, b.y, f))
    }

    /// The classic title fade: 0 → 1 over the first 20% of `duration`, 1 → 0 over the last 20%.
    static func defaultOpacity(at t: RationalTime, duration: RationalTime) throws -> Rational {
        guard !duration.isZero else { return .one }
        let fade = try duration.rational / Rational(5)
        let rest = try duration.rational - t.rational
        let inside = min(t.rational, rest)
        if inside <= .zero { return .zero }
        return inside >= fade ? .one : try inside / fade
    }

    /// The two keys around `t` and the fraction of the way from the first to the second.
    static func bracket<V>(_ keys: [Keyframe<V>], at t: RationalTime) throws -> (V, V, Rational)? {
        guard !keys.isEmpty else { return nil }
        let sorted = keys.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        guard let next = sorted.firstIndex(where: { t < $0.time }) else { return (sorted.last!.value, sorted.last!.value, .zero) }
        guard next > 0 else { return (sorted[0].value, sorted[0].value, .zero) }
        let a = sorted[next - 1], b = sorted[next]
        let f = try (t.rational - a.time.rational) / (b.time.rational - a.time.rational)
        return (a.value, b.value, f)
    }

    static func lerp(_ a: Rational, _ b: Rational, _ f: Rational) throws -> Rational {
        f.isZero ? a : try a + (b - a) * f
    }
}
