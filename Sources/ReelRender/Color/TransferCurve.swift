import Foundation
import ReelModel

/// The transfer functions, in `Double`, on Reel's linear scale: 1.0 is reference white, 203 cd/m² (ITU-R
/// BT.2408), for every transfer. They build the lookup tables once per `ColorTransform`; nothing per pixel
/// calls them. docs/colour.md gives the reasons for each convention.
///
/// - BT.709 is display-referred: the ideal BT.1886 EOTF `L = E′^2.4` (no black lift), as zimg takes it,
///   so SDR white (E′ = 1) is 1.0.
/// - sRGB is IEC 61966-2-1's piecewise EOTF.
/// - PQ is SMPTE ST 2084: E′ = 1 is 10000 cd/m², so 10000/203 here.
/// - HLG here is only the inverse OETF of ARIB STD-B67 (scene light, 0…1); the OOTF that turns it into display
///   light is `HLGSystem`'s.
enum TransferCurve {
    /// Reference white in cd/m² (BT.2408): where SDR white sits in an HDR picture, and what maps to SDR white.
    static let referenceWhite = 203.0

    private static let pqM1 = 0.1593017578125, pqM2 = 78.84375
    private static let pqC1 = 0.8359375, pqC2 = 18.8515625, pqC3 = 18.6875
    private static let hlgA = 0.17883277, hlgB = 0.28466892, hlgC = 0.55991073

    /// Linear light of the code value `e` (normalised R′, G′ or B′); negative codes give 0.
    static func toLinear(_ transfer: ColorDescription.Transfer, _ e: Double) -> Double {
        let e = max(e, 0)
        switch transfer {
        case .bt709: return pow(e, 2.4)
        case .srgb: return e <= 0.04045 ? e / 12.92 : pow((e + 0.055) / 1.055, 2.4)
        case .pq:
            let p = pow(e, 1 / pqM2)
            return pow(max(p - pqC1, 0) / (pqC2 - pqC3 * p), 1 / pqM1) * 10000 / referenceWhite
        case .hlg: return e <= 0.5 ? e * e / 3 : (exp((e - hlgC) / hlgA) + hlgB) / 12
        }
    }

    /// The code value of linear light `l` (the inverse of `toLinear`); negative light gives 0.
    static func fromLinear(_ transfer: ColorDescription.Transfer, _ l: Double) -> Double {
        let l = max(l, 0)
        switch transfer {
        case .bt709: return pow(l, 1 / 2.4)
        case .srgb: return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        case .pq:
            let p = pow(l * referenceWhite / 10000, pqM1)
            return pow((pqC1 + pqC2 * p) / (1 + pqC3 * p), pqM2)
        case .hlg: return l <= 1.0 / 12 ? (3 * l).squareRoot() : hlgA * log(12 * l - hlgB) + hlgC
        }
    }
}
