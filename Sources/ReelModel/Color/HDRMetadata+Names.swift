/// The mastering displays `output.masteringDisplay` takes by name, and the units HDR metadata is stored in.
extension HDRMetadata.MasteringDisplay {
    /// The chromaticity step of SMPTE ST 2086 as HEVC and AV1 carry it (0.00002).
    public static let chromaticityUnits: Int64 = 50_000
    /// The luminance step (0.0001 cd/m²).
    public static let luminanceUnits: Int64 = 10_000
    /// The black level a named display takes when the name gives none (cd/m²).
    public static let defaultMinLuminance = 0.0001

    /// Primaries by the names `"P3-D65 1000"` and `"BT.2020 1000"` use: rx, ry, gx, gy, bx, by, wx, wy.
    public static let namedPrimaries: [(name: String, primaries: [Double])] = [
        ("P3-D65", [0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290]),
        ("BT.2020", [0.708, 0.292, 0.170, 0.797, 0.131, 0.046, 0.3127, 0.3290]),
    ]

    /// `value` in whole steps of 1/`units`, rounded to the nearest, as the stream stores it.
    public static func steps(_ value: Double, units: Int64) -> Int64 { Int64((value * Double(units)).rounded()) }

    /// The display as the stream stores it: rx, ry, gx, gy, bx, by, wx, wy in steps of 1/50000, then the minimum
    /// and maximum luminance in steps of 0.0001 cd/m² (what content hashes, job records and written JSON use).
    public var steps: [Int64] {
        primaries.map { Self.steps($0, units: Self.chromaticityUnits) }
            + [Self.steps(minLuminance, units: Self.luminanceUnits), Self.steps(maxLuminance, units: Self.luminanceUnits)]
    }

    /// The display of `steps` (as `steps` gives them); nil unless there are ten.
    public init?(steps: [Int64]) {
        guard steps.count == 10 else { return nil }
        self.init(primaries: steps.prefix(8).map { Double($0) / Double(Self.chromaticityUnits) },
                  minLuminance: Double(steps[8]) / Double(Self.luminanceUnits),
                  maxLuminance: Double(steps[9]) / Double(Self.luminanceUnits))
    }

    /// The display with every value on the steps the stream stores (so what is written reads back equal).
    public var quantized: Self {
        guard let q = Self(steps: steps) else { preconditionFailure("a mastering display has ten values") }
        return q
    }
}
