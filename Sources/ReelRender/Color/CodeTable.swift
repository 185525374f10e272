/// A curve of a code value (normalised R′, G′ or B′), sampled at 65536 even steps over `-0.5 ..< 2.0` and read
/// with linear interpolation: the "16-bit → linear" lookup of a transfer.
///
/// The domain is wider than 0…1 because Y′CbCr codes outside the nominal range (superwhites, saturated chroma)
/// decode to R′G′B′ below 0 or above 1, and FFmpeg's float pipeline keeps them; one step is 1/26214 of full scale,
/// finer than a 12-bit code.
struct CodeTable: Sendable {
    static let count = 65536
    static let low: Float = -0.5, high: Float = 2.0
    static let scale = Float(count - 1) / (high - low)

    /// `count + 1` samples (the last one repeated, so interpolation never reads past the end).
    let samples: SampleTable

    init(_ f: (Double) -> Double) {
        let step = Double(Self.high - Self.low) / Double(Self.count - 1)
        var v = (0..<Self.count).map { Float(f(Double(Self.low) + Double($0) * step)) }
        v.append(v[Self.count - 1])
        samples = SampleTable(v)
    }

    /// The curve at `x`, clamped to the domain. The clamp is written as SSE's `minps` then `maxps` compute it (the
    /// first operand where the comparison holds), so the four-lane read (`PixelKernel.Lanes.code`) gives the same
    /// bits; a NaN reads as the last sample.
    @inline(__always)
    static func read(_ table: UnsafePointer<Float>, _ x: Float) -> Float {
        let q = (x - low) * scale
        let p = PixelKernel.larger(0, PixelKernel.smaller(q, Float(count - 1)))
        let i = Int(p)
        let a = table[i], b = table[i + 1]
        return a + (b - a) * (p - Float(i))
    }
}
