import Foundation
import ReelModel

/// The linear-light steps of a `ColorTransform` (2 to 5 of its list): the tables and constants, worked out once.
struct LightPath: Sendable {
    /// R′G′B′ → light (HLG: scene light, which the OOTF then turns into display light).
    let toLinear: CodeTable
    /// HLG source, BT.2100 OOTF: scene luminance `Ys` → `peak · Ys^(γ−1)`, with the source primaries' weights.
    let sceneGain: LightTable?
    let sceneWeights: (r: Float, g: Float, b: Float)
    /// Source → output primaries, row-major; nil when they agree.
    let gamut: [Float]?
    let tone: ToneCurve?
    /// HLG output, BT.2100 inverse OOTF: display luminance / peak → `Yd^((1−γ)/γ)`, with the output's weights ÷ peak.
    let displayGain: LightTable?
    let displayWeights: (r: Float, g: Float, b: Float)
    /// Light → the output's R′G′B′.
    let fromLinear: LightTable

    init(source: ColorDescription, hdr: HDRMetadata?, output: ColorDescription, options: ColorTransform.Options) {
        let hlg = options.hlg, gamma = hlg.gamma, peak = hlg.peak
        toLinear = CodeTable { e in TransferCurve.toLinear(source.transfer, e) }
        sceneGain = source.transfer == .hlg ? LightTable { pow($0, gamma - 1) * peak } : nil
        sceneWeights = Self.weights(source.primaries, scale: 1)
        let m = ColorPrimariesMatrix.conversion(from: source.primaries, to: output.primaries)
        gamut = m == .identity ? nil : m.m.map { Float($0) }
        let sourcePeak = ColorTransform.peak(of: source, hdr: hdr, hlg: hlg)
        let outputPeak = ColorTransform.outputPeak(of: output, hlg: hlg)
        tone = source.transfer.isHDR && sourcePeak > outputPeak
            ? ToneCurve(options.toneMap, sourcePeak: sourcePeak, outputPeak: outputPeak) : nil
        displayGain = output.transfer == .hlg ? LightTable { pow($0, (1 - gamma) / gamma) } : nil
        displayWeights = Self.weights(output.primaries, scale: 1 / peak)
        fromLinear = LightTable { l in
            guard output.transfer == .hlg else { return TransferCurve.fromLinear(output.transfer, l) }
            return TransferCurve.fromLinear(.hlg, l / peak)
        }
    }

    private static func weights(_ p: ColorDescription.Primaries, scale: Double) -> (r: Float, g: Float, b: Float) {
        let w = ColorPrimariesMatrix.luminance(p)
        return (Float(w.r * scale), Float(w.g * scale), Float(w.b * scale))
    }
}
