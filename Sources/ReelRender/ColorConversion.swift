import ReelMedia

/// BT.709 limited-range conversions between R′G′B′ (sRGB-encoded, 8 bits) and Y′CbCr (8 bits).
///
/// `Y = 16 + 219·Y′`, `Cb = 128 + 224·(B′ − Y′)/1.8556`, `Cr = 128 + 224·(R′ − Y′)/1.5748` with
/// `Y′ = 0.2126 R′ + 0.7152 G′ + 0.0722 B′` (components in 0…1), rounded to nearest and clamped.
/// Computed in `Double`, once per raster or thumbnail, never per composited frame.
public enum ColorConversion {
    static let kr = LumaWeights.bt709.kr, kb = LumaWeights.bt709.kb, kg = LumaWeights.bt709.kg

    /// The BT.709 limited-range Y′CbCr of an 8-bit R′G′B′ colour.
    public static func yuv(r: UInt8, g: UInt8, b: UInt8) -> (y: UInt8, u: UInt8, v: UInt8) {
        let rf = Double(r) / 255, gf = Double(g) / 255, bf = Double(b) / 255
        let luma = kr * rf + kg * gf + kb * bf
        return (byte(16 + 219 * luma), byte(128 + 224 * (bf - luma) / (2 * (1 - kb))),
                byte(128 + 224 * (rf - luma) / (2 * (1 - kr))))
    }

    /// The 8-bit R′G′B′ of a BT.709 limited-range Y′CbCr sample (out-of-gamut values clamp).
    public static func rgb(y: UInt8, u: UInt8, v: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
        let luma = (Double(y) - 16) / 219, pb = (Double(u) - 128) / 224, pr = (Double(v) - 128) / 224
        let r = luma + 2 * (1 - kr) * pr, b = luma + 2 * (1 - kb) * pb
        let g = (luma - kr * r - kb * b) / kg
        return (byte(r * 255), byte(g * 255), byte(b * 255))
    }

    @inline(__always)
    static func byte(_ x: Double) -> UInt8 { UInt8(max(0, min(255, (x).rounded()))) }
}
