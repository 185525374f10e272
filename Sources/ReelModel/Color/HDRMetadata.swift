/// The static HDR metadata of a picture (SMPTE ST 2086 mastering display, CTA-861.3 content light level),
/// as a source's side data carries it and an HDR output writes it.
public struct HDRMetadata: Sendable, Hashable {
    /// The display a programme was graded on: its primaries and white as CIE 1931 xy, and its luminance.
    public struct MasteringDisplay: Sendable, Hashable {
        /// x, y of red, green, blue and white.
        public var red: (x: Double, y: Double) { (primaries[0], primaries[1]) }
        public var green: (x: Double, y: Double) { (primaries[2], primaries[3]) }
        public var blue: (x: Double, y: Double) { (primaries[4], primaries[5]) }
        public var white: (x: Double, y: Double) { (primaries[6], primaries[7]) }
        /// rx, ry, gx, gy, bx, by, wx, wy (a flat array keeps the type `Hashable`).
        public var primaries: [Double]
        /// Luminance in cd/m².
        public var minLuminance: Double
        public var maxLuminance: Double

        public init(primaries: [Double], minLuminance: Double, maxLuminance: Double) {
            precondition(primaries.count == 8, "a mastering display has 8 chromaticity coordinates")
            self.primaries = primaries
            self.minLuminance = minLuminance
            self.maxLuminance = maxLuminance
        }
    }

    public var masteringDisplay: MasteringDisplay?
    /// Maximum content light level and maximum frame-average light level, in cd/m².
    public var maxCLL: Int?
    public var maxFALL: Int?

    public init(masteringDisplay: MasteringDisplay? = nil, maxCLL: Int? = nil, maxFALL: Int? = nil) {
        self.masteringDisplay = masteringDisplay
        self.maxCLL = maxCLL
        self.maxFALL = maxFALL
    }
}
