/// `ToneMap` prepared for one source peak and one output peak, in the per-pixel loop's `Float`s.
struct ToneCurve: Sendable {
    let knee: Float, a: Float, b: Float, c: Float
    /// 1 / the output's peak on Reel's linear scale.
    let toOutput: Float

    /// - Parameters:
    ///   - sourcePeak: the source's brightest light, on Reel's linear scale (reference white = 1).
    ///   - outputPeak: the output's peak on the same scale; less than `sourcePeak`.
    init(_ map: ToneMap, sourcePeak: Double, outputPeak: Double) {
        // FFmpeg's vf_tonemap mobius(): `a` and `b` in double from a float knee, then the curve in float.
        let j = Float(map.knee), jd = Double(j), peak = sourcePeak / outputPeak
        let a = Float(-jd * jd * (peak - 1) / (jd * jd - 2 * jd + peak))
        let b = Float((jd * jd - 2 * jd * peak + peak) / max(peak - 1, 1e-6))
        knee = j
        self.a = a
        self.b = b
        c = (b * b + 2 * b * j + j * j) / (b - a)
        toOutput = Float(1 / outputPeak)
    }

    /// The factor that scales R, G and B together.
    @inline(__always)
    func gain(_ r: Float, _ g: Float, _ b: Float) -> Float {
        // The larger of each pair as SSE's `maxps` picks it, as the four-lane loop does (`PixelKernel.Lanes.gain`).
        let sig = PixelKernel.larger(PixelKernel.larger(r, g), PixelKernel.larger(b, 1e-6)) * toOutput
        let rolled = c * (sig + a) / ((sig + self.b) * sig)
        return sig <= knee ? 1 : rolled   // a select, so the row's loop vectorises
    }
}
