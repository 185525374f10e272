import ReelMedia
import ReelModel

/// How a `DeepFrame`'s 16-bit Y′CbCr codes map to normalised R′G′B′ and back, for one matrix and range.
///
/// Limited range on the 16-bit scale is black 4096 and white 60160 (219·256 steps) for luma, and 32768 ± 224·128
/// for chroma; full range is 0…65535 for luma and 32768 ± 65535/2 for chroma: FFmpeg's and zimg's `yuv444p16`.
/// `R′ = Y′ + 2(1 − Kr)·Cr`, `B′ = Y′ + 2(1 − Kb)·Cb`, `G′ = (Y′ − Kr·R′ − Kb·B′)/Kg`.
struct YCbCrCoding: Sendable {
    let weights: LumaWeights
    /// Luma offset and scale, chroma scale (the chroma offset is always 32768).
    let lumaOffset: Float, lumaScale: Float, chromaScale: Float

    init(_ colour: ColorDescription) {
        switch colour.matrix {
        case .bt601: weights = .bt601
        case .bt709: weights = .bt709
        case .bt2020ncl: weights = .bt2020
        }
        switch colour.range {
        case .limited: (lumaOffset, lumaScale, chromaScale) = (4096, 56064, 57344)
        case .full: (lumaOffset, lumaScale, chromaScale) = (0, 65535, 65535)
        }
    }

    /// Coefficients of the decode, folded with the code scaling: `R′ = yk·(Y − yo) + rv·(V − 32768)`, and so on.
    struct Decode: Sendable {
        let yo: Float, yk: Float, rv: Float, gu: Float, gv: Float, bu: Float
    }

    /// Coefficients of the encode: `Y = yo + yr·R′ + yg·G′ + yb·B′`, `U = 32768 + u·(B′ − Y′)`, `V = 32768 + v·(R′ − Y′)`,
    /// with `Y′` the unscaled luma.
    struct Encode: Sendable {
        let yo: Float, ys: Float, kr: Float, kg: Float, kb: Float, u: Float, v: Float
    }

    var decode: Decode {
        let kr = weights.kr, kb = weights.kb, kg = weights.kg, c = 1 / Double(chromaScale)
        return Decode(yo: lumaOffset, yk: 1 / lumaScale, rv: Float(2 * (1 - kr) * c),
                      gu: Float(-2 * (1 - kb) * kb / kg * c), gv: Float(-2 * (1 - kr) * kr / kg * c),
                      bu: Float(2 * (1 - kb) * c))
    }

    var encode: Encode {
        let kr = weights.kr, kb = weights.kb, c = Double(chromaScale)
        return Encode(yo: lumaOffset, ys: lumaScale, kr: Float(kr), kg: Float(weights.kg), kb: Float(kb),
                      u: Float(c / (2 * (1 - kb))), v: Float(c / (2 * (1 - kr))))
    }
}
