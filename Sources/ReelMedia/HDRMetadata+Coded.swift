import ReelModel

/// The mastering display in the integer units HEVC's SEI, x265's `master-display` and FFmpeg's side data use.
extension HDRMetadata.MasteringDisplay {
    /// rx ry gx gy bx by wx wy in units of 0.00002.
    var codedPrimaries: [Int] { primaries.map { Self.units($0, 50_000) } }
    /// Minimum and maximum luminance in units of 0.0001 cd/m².
    var codedLuminance: (min: Int, max: Int) { (Self.units(minLuminance, 10_000), Self.units(maxLuminance, 10_000)) }

    /// `value × scale` rounded, clamped to `0 … Int32.max` (validation refuses values outside the fields'
    /// ranges; the clamp keeps a value that slipped through from trapping).
    private static func units(_ value: Double, _ scale: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(max(value * scale, 0), Double(Int32.max)).rounded())
    }
}
