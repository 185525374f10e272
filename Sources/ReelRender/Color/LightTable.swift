/// A curve of linear light, sampled at 1024 steps per octave over `2⁻⁵⁶ ..< 2⁸` and read with linear
/// interpolation: the fine output lookup (linear → code value) and the HLG OOTF's gains.
///
/// Light spans many octaves and every transfer is steepest near black, so the samples are spaced evenly in
/// the float's own exponent and mantissa (the index is the top bits of the IEEE-754 pattern), not evenly in
/// light. Light below the first sample, negative light and zero read as the first sample: 2⁻⁵⁶ is so dark that
/// every output curve Reel has gives there what it gives at 0 to within 0.02 of a 16-bit code (BT.709: 0.006;
/// PQ, whose curve does not start at 0: 0.018), so black still rounds to black, and the read needs no branch
/// for the dark end (`LightTableTests`). Light above the last sample, and NaN, clamp to the last (2⁸ = 52,000
/// cd/m², beyond PQ's 10,000).
struct LightTable: Sendable {
    static let mantissaShift: UInt32 = 13
    static let mantissaMask: UInt32 = (1 << mantissaShift) - 1
    static let low = Float(sign: .plus, exponent: -56, significand: 1)
    static let high = Float(sign: .plus, exponent: 8, significand: 1)
    /// The largest light read: the float just below `high`, so that the read's right neighbour is the last sample.
    static let top = Float(bitPattern: high.bitPattern &- 1)
    static let base = low.bitPattern
    static let count = Int((high.bitPattern - base) >> mantissaShift)

    /// `count + 1` samples.
    let samples: SampleTable

    /// - Parameter f: the curve; it must be finite from `low` up (a negative power is: it is never read at 0).
    init(_ f: (Double) -> Double) {
        samples = SampleTable((0...Self.count).map { i in
            Float(f(Double(Float(bitPattern: Self.base + UInt32(i) << Self.mantissaShift))))
        })
    }

    /// `x` brought into `low ... top`: the larger of `low` and `x`, then the smaller of that and `top`, each written
    /// as SSE's `maxps` and `minps` compute them (the first operand where the comparison holds), so the four-lane
    /// read (`PixelKernel.Lanes.light`) gives the same bits. A NaN fails both comparisons and ends as `top`.
    @inline(__always)
    static func clamp(_ x: Float) -> Float {
        PixelKernel.smaller(PixelKernel.larger(low, x), top)
    }

    /// The curve at `x`, without branches.
    @inline(__always)
    static func read(_ table: UnsafePointer<Float>, _ x: Float) -> Float {
        let bits = clamp(x).bitPattern &- base
        let i = Int(bits >> mantissaShift)
        let frac = Float(bits & mantissaMask) * (1 / Float(1 << mantissaShift))
        let a = table[i], b = table[i + 1]
        return a + (b - a) * frac
    }
}
