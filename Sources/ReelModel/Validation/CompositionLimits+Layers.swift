/// The bounds on layer keys (clip transforms, opacity, masks).
extension CompositionLimits {
    /// Layer scale: above 0 and at most 20 (a 20× zoom samples a twentieth of the source).
    public static let layerScale: ClosedRange<Rational> = Rational.zero...Rational(unchecked: 20, 1)
    /// Layer rotation in degrees: ten turns either way.
    public static let layerRotation: ClosedRange<Rational> = Rational(unchecked: -3600, 1)...Rational(unchecked: 3600, 1)
    /// Mask radius, as a fraction of half the shorter side.
    public static let maskRadius: ClosedRange<Rational> = Rational.zero...Rational.one
    /// Mask feather, in output pixels.
    public static let maskFeather: ClosedRange<Rational> = Rational.zero...Rational(unchecked: 1000, 1)
}
