import Foundation

/// The HLG display system of ITU-R BT.2100: the OOTF that turns scene light into display light for a display of
/// nominal peak `Lw`, with the system gamma `γ = 1.2 + 0.42·log10(Lw/1000)` (1.2 at the reference 1000 cd/m²).
///
/// `.bt2100` is the standard's OOTF: `Fd = Lw · Ys^(γ−1) · Es`, with `Ys` the scene luminance (the primaries'
/// luminance weights), so a colour keeps its hue and saturation. `.perChannel` is zimg's (FFmpeg `zscale`'s)
/// simplification, `Fd = Lw · Es^γ` per component, which gives the same greys and slightly different saturated
/// colours; it exists so a test can compare Reel with FFmpeg's conversion under FFmpeg's own convention.
public struct HLGSystem: Sendable, Hashable {
    /// How the OOTF treats the three components.
    public enum OOTF: String, Sendable, Hashable {
        case bt2100, perChannel
    }

    /// The display's nominal peak luminance in cd/m².
    public var peakLuminance: Double
    public var ootf: OOTF

    /// - Parameters:
    ///   - peakLuminance: the nominal peak `Lw` of the HLG display, in cd/m² (1000 by default, BT.2100's reference).
    ///   - ootf: the standard's luminance-based OOTF (default) or zimg's per-component one.
    public init(peakLuminance: Double = 1000, ootf: OOTF = .bt2100) {
        self.peakLuminance = peakLuminance
        self.ootf = ootf
    }

    /// BT.2100's system gamma for this display.
    public var gamma: Double { 1.2 + 0.42 * log10(peakLuminance / 1000) }

    /// The display's peak on Reel's linear scale (reference white = 1).
    var peak: Double { peakLuminance / TransferCurve.referenceWhite }
}
