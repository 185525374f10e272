import ReelModel

/// The CIE 1931 xy chromaticities of each `ColorDescription.Primaries` and the linear RGB → XYZ matrix
/// they define (SMPTE RP 177). Every set Reel knows has the D65 white, so converting between them needs
/// no chromatic adaptation: `M = XYZ→RGB(out) · RGB→XYZ(in)`, as zimg builds it.
enum ColorPrimariesMatrix {
    /// x, y of red, green, blue and white (ITU-R BT.709, BT.2020, SMPTE EG 432-1, BT.601/BT.470, SMPTE 170M).
    static func chromaticities(_ p: ColorDescription.Primaries) -> [Double] {
        switch p {
        case .bt709: [0.640, 0.330, 0.300, 0.600, 0.150, 0.060, 0.3127, 0.3290]
        case .bt2020: [0.708, 0.292, 0.170, 0.797, 0.131, 0.046, 0.3127, 0.3290]
        case .displayP3: [0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290]
        case .bt601_625: [0.640, 0.330, 0.290, 0.600, 0.150, 0.060, 0.3127, 0.3290]
        case .bt601_525: [0.630, 0.340, 0.310, 0.595, 0.155, 0.070, 0.3127, 0.3290]
        }
    }

    /// Linear RGB → CIE XYZ (Y of white = 1).
    static func rgbToXYZ(_ p: ColorDescription.Primaries) -> Matrix3 {
        let c = chromaticities(p)
        func xyz(_ x: Double, _ y: Double) -> [Double] { [x / y, 1, (1 - x - y) / y] }
        let r = xyz(c[0], c[1]), g = xyz(c[2], c[3]), b = xyz(c[4], c[5]), w = xyz(c[6], c[7])
        let primaries = Matrix3(m: [r[0], g[0], b[0], r[1], g[1], b[1], r[2], g[2], b[2]])
        let inv = primaries.inverse
        let s = (0..<3).map { i in (0..<3).reduce(0) { $0 + inv[i, $1] * w[$1] } }
        return Matrix3(m: (0..<9).map { primaries.m[$0] * s[$0 % 3] })
    }

    /// Linear RGB in `source` primaries → linear RGB in `output` primaries.
    static func conversion(from source: ColorDescription.Primaries, to output: ColorDescription.Primaries) -> Matrix3 {
        source == output ? .identity : rgbToXYZ(output).inverse * rgbToXYZ(source)
    }

    /// The luminance weights (the Y row of RGB → XYZ) of a set of primaries: what HLG's OOTF weighs by.
    static func luminance(_ p: ColorDescription.Primaries) -> (r: Double, g: Double, b: Double) {
        let m = rgbToXYZ(p)
        return (m[1, 0], m[1, 1], m[1, 2])
    }
}
