/// The luma weights (Kr, Kb) of the Y′CbCr matrices Reel reads and writes; Kg = 1 − Kr − Kb. The one place
/// these constants are written (`ColorMatrix`, ReelRender's `ColorConversion` and `YCbCrCoding`).
public struct LumaWeights: Sendable, Equatable {
    public let kr: Double
    public let kb: Double
    public var kg: Double { 1 - kr - kb }

    /// ITU-R BT.601 (SD).
    public static let bt601 = LumaWeights(kr: 0.299, kb: 0.114)
    /// ITU-R BT.709 (HD), the output's matrix.
    public static let bt709 = LumaWeights(kr: 0.2126, kb: 0.0722)
    /// ITU-R BT.2020 / BT.2100 non-constant luminance (HDR and wide-gamut sources).
    public static let bt2020 = LumaWeights(kr: 0.2627, kb: 0.0593)
}
