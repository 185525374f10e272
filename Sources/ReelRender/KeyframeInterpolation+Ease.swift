import ReelModel

/// Per-component interpolation of layer keys, with the optional in-out ease.
///
/// Each component (`scale`, `position.x`, …) is interpolated over the keys that set it, so a
/// component left out of a key holds its previous value. The bracketing and the fraction
/// `f = (t − t_i)/(t_{i+1} − t_i)` are the title keyframes' (`KeyframeInterpolation`), exact; the later
/// key's ease then maps `f` to `3f² − 2f³`, and the value `v_i + (v_{i+1} − v_i)·f` is taken in `Double`
/// (IEEE arithmetic, no library calls: the same bits on every machine). A time on a key gives that
/// key's value exactly.
extension KeyframeInterpolation {
    /// A key's value with the ease that leads into it.
    struct Eased<V: Sendable & Hashable>: Sendable, Hashable {
        var value: V
        var ease: KeyEase
    }

    /// The components picked by `pick` at `t`, or nil when no key sets them.
    static func components<V>(_ keys: [LayerKey<V>], at t: RationalTime,
                              _ pick: (V) -> [Rational]?) throws -> [Double]? {
        var picked: [Keyframe<Eased<[Rational]>>] = []
        for k in keys {
            if let v = pick(k.value) { picked.append(Keyframe(time: k.time, value: Eased(value: v, ease: k.ease))) }
        }
        guard let (a, b, f) = try bracket(picked, at: t) else { return nil }
        if f.isZero { return a.value.map(\.doubleValue) }
        let g = b.ease == .inOut ? smoothstep(f.doubleValue) : f.doubleValue
        return zip(a.value, b.value).map { x, y in x.doubleValue + (y.doubleValue - x.doubleValue) * g }
    }

    /// `3f² − 2f³`.
    static func smoothstep(_ f: Double) -> Double { f * f * (3 - 2 * f) }
}
