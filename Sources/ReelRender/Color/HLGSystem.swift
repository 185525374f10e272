import Foundation

/// The HLG display system of ITU-R BT.2100: the OOTF that turns scene light into display light for a display of
/// nominal peak `Lw`, with the system gamma `γ = 1.2 + 0.42·log10(Lw/1000)` (1.2 at the reference 1000 cd/m²).
///
/// The OOTF is the standard's: `Fd = Lw · Ys^(γ−1) · Es`, with `Ys` the scene luminance (the primaries' luminance
/// weights), so a colour keeps its hue and saturation. zimg's exact curves (FFmpeg `zscale=…:agamma=0`) do the same;
/// zscale's default, approximate curves raise each component to γ instead (docs/colour.md).
public struct HLGSystem: Sendable, Hashable {
    /// The display's nominal peak luminance in cd/m².
    public var peakLuminance: Double

    /// - Parameters:
    ///   - peakLuminance: the nominal peak `Lw` of the HLG display, in cd/m² (1000 by default, BT.2100's reference).
    public init(peakLuminance: Double = 1000) {
        self.peakLuminance = peakLuminance
    }

    /// BT.2100's system gamma for this display.
    public var gamma: Double { 1.2 + 0.42 * log10(peakLuminance / 1000) }

    /// The display's peak on Reel's linear scale (reference white = 1).
    var peak: Double { peakLuminance / TransferCurve.referenceWhite }
}
