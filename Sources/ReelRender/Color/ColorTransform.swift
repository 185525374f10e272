import Foundation
import ReelMedia
import ReelModel

/// Converts `DeepFrame`s from a source's colour into the output's: built once per (source, output) pair, then
/// applied to every frame of that source.
///
/// The steps (ITU-R BT.2100, BT.2408; docs/colour.md has the conventions and why):
/// 1. Y′CbCr → R′G′B′ with the source's matrix and range;
/// 2. R′G′B′ → linear light (a 65536-step table per transfer; HLG adds the BT.2100 OOTF at `HLGSystem`'s gamma),
///    on a scale where 1.0 is reference white, 203 cd/m², so SDR white lands there in an HDR output;
/// 3. the gamut: a 3×3 matrix from the two sets of primaries;
/// 4. tone mapping when the source's peak is above the output's (`ToneMap`);
/// 5. linear light → the output's R′G′B′ (a fine table in light's exponent; HLG first takes the inverse OOTF);
/// 6. R′G′B′ → Y′CbCr with the output's matrix and range, rounded to nearest.
/// When the transfer and primaries already agree only the matrices run (steps 1 and 6), and when the two colours
/// are the same there is no transform at all: `between` returns nil and the frames pass untouched.
public final class ColorTransform: Sendable {
    /// The choices a conversion makes where the standards leave one.
    public struct Options: Sendable, Hashable {
        public var hlg: HLGSystem
        public var toneMap: ToneMap

        /// - Parameters:
        ///   - hlg: the HLG display system an HLG source is viewed on and an HLG output is made for.
        ///   - toneMap: the operator that brings HDR highlights into a lower output peak.
        public init(hlg: HLGSystem = HLGSystem(), toneMap: ToneMap = .standard) {
            self.hlg = hlg
            self.toneMap = toneMap
        }
    }

    public let source: ColorDescription
    public let output: ColorDescription
    /// Whether highlights are tone-mapped (the source's peak is above the output's).
    public var toneMaps: Bool { light?.tone != nil }

    let decode: YCbCrCoding.Decode
    let encode: YCbCrCoding.Encode
    /// The linear-light steps; nil when the transfer and primaries agree.
    let light: LightPath?

    /// The transform from `source` to `output`, or nil when they are the same colour (nothing to do).
    /// - Parameters:
    ///   - source: the source's colour.
    ///   - hdr: the source's mastering display and light levels: a PQ source's peak is its MaxCLL, else its
    ///     mastering display's maximum, else 1000 cd/m².
    ///   - output: the output's colour.
    ///   - options: the HLG display system and the tone-mapping operator.
    public static func between(_ source: ColorDescription, hdr: HDRMetadata? = nil, and output: ColorDescription,
                               options: Options = Options()) -> ColorTransform? {
        source == output ? nil : ColorTransform(source: source, hdr: hdr, output: output, options: options)
    }

    private init(source: ColorDescription, hdr: HDRMetadata?, output: ColorDescription, options: Options) {
        self.source = source
        self.output = output
        decode = YCbCrCoding(source).decode
        encode = YCbCrCoding(output).encode
        let sameLight = source.transfer == output.transfer && source.primaries == output.primaries
        light = sameLight ? nil : LightPath(source: source, hdr: hdr, output: output, options: options)
    }

    /// The source's brightest light on Reel's linear scale (reference white = 1).
    static func peak(of colour: ColorDescription, hdr: HDRMetadata?, hlg: HLGSystem) -> Double {
        switch colour.transfer {
        case .bt709, .srgb: return 1
        case .hlg: return hlg.peak
        case .pq:
            let cll = hdr?.maxCLL.flatMap { $0 > 0 ? Double($0) : nil }
            let mastering = hdr?.masteringDisplay.flatMap { $0.maxLuminance > 0 ? $0.maxLuminance : nil }
            return (cll ?? mastering ?? 1000) / TransferCurve.referenceWhite
        }
    }

    /// The output's peak on Reel's linear scale: SDR white, the HLG display's peak, or PQ's 10000 cd/m².
    static func outputPeak(of colour: ColorDescription, hlg: HLGSystem) -> Double {
        switch colour.transfer {
        case .bt709, .srgb: return 1
        case .hlg: return hlg.peak
        case .pq: return 10000 / TransferCurve.referenceWhite
        }
    }
}
