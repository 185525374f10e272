import ReelMedia
import ReelModel

/// BT.709 limited-range conversions between R′G′B′ (sRGB-encoded, 8 bits) and Y′CbCr (8 or 16 bits), and the
/// placement of those graphics colours in any other working colour.
///
/// `Y = 16 + 219·Y′`, `Cb = 128 + 224·(B′ − Y′)/1.8556`, `Cr = 128 + 224·(R′ − Y′)/1.5748` with
/// `Y′ = 0.2126 R′ + 0.7152 G′ + 0.0722 B′` (components in 0…1), rounded to nearest and clamped.
/// Computed in `Double`, once per raster or thumbnail, never per composited frame.
///
/// This is the one place where rasters (titles, masks' backgrounds, watermark, images) enter Y′CbCr.
public enum ColorConversion {
    static let kr = LumaWeights.bt709.kr, kb = LumaWeights.bt709.kb, kg = LumaWeights.bt709.kg

    /// The BT.709 limited-range Y′CbCr of an 8-bit R′G′B′ colour.
    public static func yuv(r: UInt8, g: UInt8, b: UInt8) -> (y: UInt8, u: UInt8, v: UInt8) {
        yuv(r: r, g: g, b: b, as: UInt8.self, in: .bt709)
    }

    /// The Y′CbCr of an 8-bit R′G′B′ colour in the working colour `colour`, on the scale of `S`: the
    /// formulas above times `2^(bits − 8)` before rounding (`yuv444p16` scaling, so 16-bit values keep the
    /// precision of the conversion instead of an 8-bit result shifted), clamped to `0…S.max`.
    /// 8-bit results in BT.709 SDR are exactly `yuv(r:g:b:)`'s (the factor is 1).
    ///
    /// Any other working colour (BT.2020, HLG, PQ) takes the colour as sRGB/BT.709 SDR graphics and places it
    /// through the colour engine (`ColorTransform` from BT.709 SDR): SDR white lands at reference white,
    /// 203 cd/m² in an HDR output (BT.2408). Each colour is converted once (`GraphicsPlacement`).
    public static func yuv<S: FixedWidthInteger & UnsignedInteger>(r: UInt8, g: UInt8, b: UInt8, as _: S.Type,
                                                                   in colour: ColorDescription)
        -> (y: S, u: S, v: S) {
        guard !colour.isBT709SDR else { return bt709(r: r, g: g, b: b, as: S.self) }
        let deep = GraphicsPlacement.shared.place(bt709(r: r, g: g, b: b, as: UInt16.self), in: colour)
        return (narrow(deep.y), narrow(deep.u), narrow(deep.v))
    }

    /// The BT.709 limited-range Y′CbCr of an 8-bit R′G′B′ colour on the scale of `S`.
    static func bt709<S: FixedWidthInteger & UnsignedInteger>(r: UInt8, g: UInt8, b: UInt8, as _: S.Type)
        -> (y: S, u: S, v: S) {
        let rf = Double(r) / 255, gf = Double(g) / 255, bf = Double(b) / 255
        let luma = kr * rf + kg * gf + kb * bf
        let k = Double(1 << (S.bitWidth - 8))
        return (sample((16 + 219 * luma) * k), sample((128 + 224 * (bf - luma) / (2 * (1 - kb))) * k),
                sample((128 + 224 * (rf - luma) / (2 * (1 - kr))) * k))
    }

    /// A 16-bit sample on the scale of `S` (rounded to nearest when `S` is narrower).
    static func narrow<S: FixedWidthInteger & UnsignedInteger>(_ s: UInt16) -> S {
        let shift = 16 - min(S.bitWidth, 16)
        guard shift > 0 else { return S(s) }
        return S(min((Int(s) + (1 << (shift - 1))) >> shift, (1 << (16 - shift)) - 1))
    }

    /// The 8-bit R′G′B′ of a BT.709 limited-range Y′CbCr sample (out-of-gamut values clamp).
    public static func rgb(y: UInt8, u: UInt8, v: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
        let luma = (Double(y) - 16) / 219, pb = (Double(u) - 128) / 224, pr = (Double(v) - 128) / 224
        let r = luma + 2 * (1 - kr) * pr, b = luma + 2 * (1 - kb) * pb
        let g = (luma - kr * r - kb * b) / kg
        return (byte(r * 255), byte(g * 255), byte(b * 255))
    }

    @inline(__always)
    static func byte(_ x: Double) -> UInt8 { sample(x) }

    /// `x` rounded to nearest and clamped to `0…S.max`.
    @inline(__always)
    static func sample<S: FixedWidthInteger & UnsignedInteger>(_ x: Double) -> S {
        S(max(0, min(Double(S.max), x.rounded())))
    }
}
