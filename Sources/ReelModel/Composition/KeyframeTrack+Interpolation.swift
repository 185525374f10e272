/// The one keyframe interpolation, in exact rational time.
///
/// Before the first key the first value holds, after the last key the last value holds. Between keys `i`
/// and `i + 1` the fraction is `f = (t − t_i)/(t_{i+1} − t_i)`, exact; the later key's ease maps it (linear:
/// `f`; in-out: `3f² − 2f³`), and the value is `v_i + (v_{i+1} − v_i)·f`. A time on a key gives that key's
/// value exactly. Titles take values exactly (`value(at:)`); clip layers per component in `Double`
/// (`components(at:_:)`), IEEE arithmetic without library calls, so the same bits on every machine.
extension KeyframeTrack {
    /// Where a time falls on a track: the values of the keys around it, the exact linear fraction of the
    /// way from the first to the second, and the ease of the second.
    public struct Span: Sendable {
        public var from: Value
        public var to: Value
        /// 0 when `t` is on a key or outside the keys (the value then holds).
        public var fraction: Rational
        public var ease: KeyEase
    }

    /// The span around `t`, or nil when the track has no keys.
    /// - Throws: `ModelError.overflow` when the exact arithmetic does not fit.
    public func span(at t: RationalTime) throws -> Span? {
        guard !keys.isEmpty else { return nil }
        let sorted = keys.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        guard let next = sorted.firstIndex(where: { t < $0.time }) else { return Span(holding: sorted.last!) }
        guard next > 0 else { return Span(holding: sorted[0]) }
        let a = sorted[next - 1], b = sorted[next]
        let f = try (t.rational - a.time.rational) / (b.time.rational - a.time.rational)
        return Span(from: a.value, to: b.value, fraction: f, ease: b.ease)
    }

    /// The components `pick` takes from each key, interpolated in `Double` over the keys that set them (a
    /// component a key leaves out, nil, holds its previous value), or nil when no key sets them.
    /// - Throws: `ModelError.overflow` when the exact arithmetic does not fit.
    public func components(at t: RationalTime, _ pick: (Value) -> [Rational]?) throws -> [Double]? {
        let picked = KeyframeTrack<[Rational]>(keys.compactMap { k in
            pick(k.value).map { Keyframe(time: k.time, value: $0, ease: k.ease) }
        })
        guard let s = try picked.span(at: t) else { return nil }
        if s.fraction.isZero { return s.from.map(\.doubleValue) }
        let f = s.fraction.doubleValue
        let g = s.ease == .inOut ? f * f * (3 - 2 * f) : f
        return zip(s.from, s.to).map { x, y in x.doubleValue + (y.doubleValue - x.doubleValue) * g }
    }
}

extension KeyframeTrack where Value == Rational {
    /// The exact value at `t`, or nil when the track has no keys.
    /// - Throws: `ModelError.overflow` when the exact arithmetic does not fit.
    public func value(at t: RationalTime) throws -> Rational? {
        guard let s = try span(at: t) else { return nil }
        return try s.lerp(s.from, s.to)
    }
}

extension KeyframeTrack where Value == Point {
    /// The exact point at `t`, or nil when the track has no keys.
    /// - Throws: `ModelError.overflow` when the exact arithmetic does not fit.
    public func value(at t: RationalTime) throws -> Point? {
        guard let s = try span(at: t) else { return nil }
        return Point(x: try s.lerp(s.from.x, s.to.x), y: try s.lerp(s.from.y, s.to.y))
    }
}

extension KeyframeTrack.Span {
    init(holding key: Keyframe<Value>) {
        self.init(from: key.value, to: key.value, fraction: .zero, ease: key.ease)
    }

    /// `a + (b − a)·f`, with `f` eased, exactly; `a` itself when `f` is 0.
    func lerp(_ a: Rational, _ b: Rational) throws -> Rational {
        guard !fraction.isZero else { return a }
        let f = ease == .inOut ? try fraction * fraction * (Rational(3) - Rational(2) * fraction) : fraction
        return try a + (b - a) * f
    }
}
