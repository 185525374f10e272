/// How light above the output's peak is brought into range when an HDR source goes into an SDR output (or into
/// an HDR output with a lower peak): Möbius's curve, exactly as FFmpeg's `tonemap=mobius` computes it, so Reel's
/// conversion can be checked against FFmpeg's with the same operator and parameters (docs/colour.md says why
/// this one and not BT.2390's EETF).
///
/// On the output's scale (its peak is 1): below the `knee` the light is unchanged (so skin, greys and everything
/// up to the knee look as graded); above, `f(x) = c·(x + a)/(x + b)` rolls off with a continuous slope and reaches
/// 1 exactly at the source's peak. The curve is applied to the brightest of R, G and B and the three are scaled
/// by the same factor, so hues do not shift as they would if each channel were compressed alone.
public struct ToneMap: Sendable, Hashable {
    /// Where the roll-off starts, as a fraction of the output's peak: 0 < knee < 1.
    public var knee: Double

    /// - Parameter knee: where the roll-off starts, as a fraction of the output's peak, strictly between 0 and 1.
    public init(knee: Double) {
        precondition(knee > 0 && knee < 1, "a Möbius knee lies strictly between 0 and 1")
        self.knee = knee
    }

    /// Reel's default: a knee at half the output's peak (SDR white, 100 %, is then 0.5 in linear light, about
    /// 75 % of the code range, so skin and mid-tones are untouched).
    public static let standard = ToneMap(knee: 0.5)
}
