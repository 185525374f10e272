/// A curve of linear light, sampled at 1024 steps per octave over `2⁻²⁴ ..< 2⁸` and read with linear
/// interpolation: the fine output lookup (linear → code value) and the HLG OOTF's gain.
///
/// Light spans many octaves and every transfer is steepest near black, so the samples are spaced evenly in
/// the float's own exponent and mantissa (the index is the top bits of the IEEE-754 pattern), not evenly in
/// light. Below the first sample the curve runs straight to `f(0)`, so black stays exactly black; above the
/// last it clamps (2⁸ = 52,000 cd/m², beyond PQ's 10,000).
struct LightTable: Sendable {
    static let mantissaShift: UInt32 = 13
    static let mantissaMask: UInt32 = (1 << mantissaShift) - 1
    static let low = Float(sign: .plus, exponent: -24, significand: 1)
    static let high = Float(sign: .plus, exponent: 8, significand: 1)
    static let base = low.bitPattern
    private static let count = Int((high.bitPattern - base) >> mantissaShift)

    /// `count + 1` samples, then `f(0)` (or `f(low)` for a curve that has no finite value at 0).
    let samples: SampleTable
    /// Where `f(0)` is stored in `values`.
    static var zeroIndex: Int { count + 1 }

    /// - Parameters:
    ///   - f: the curve.
    ///   - finiteAtZero: false for a curve that diverges at 0 (a negative power): below `low` it then holds `f(low)`.
    init(finiteAtZero: Bool = true, _ f: (Double) -> Double) {
        var v = (0...Self.count).map { i in
            Float(f(Double(Float(bitPattern: Self.base + UInt32(i) << Self.mantissaShift))))
        }
        v.append(finiteAtZero ? Float(f(0)) : v[0])
        samples = SampleTable(v)
    }

    /// The curve at `x`; negative `x` reads as 0. Without branches (a select), so a row whose light crosses
    /// black does not stall on mispredictions.
    @inline(__always)
    static func read(_ table: UnsafePointer<Float>, _ x: Float) -> Float {
        // NaN and light beyond the last sample read as the last sample; light below the first as the first.
        let bits = min(max(x, low).bitPattern, high.bitPattern &- 1) &- base
        let i = Int(bits >> mantissaShift)
        let frac = Float(bits & ((1 << mantissaShift) - 1)) * (1 / Float(1 << mantissaShift))
        let a = table[i], b = table[i + 1]
        let zero = table[zeroIndex]
        let dark = zero + (a - zero) * (max(x, 0) * (1 / low))
        return x < low ? dark : a + (b - a) * frac
    }
}
