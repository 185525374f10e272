extension ColorDescription {
    /// The colour of a picture whose stream does not say: the one place the untagged rule lives.
    ///
    /// Pictures of at most 576 lines are standard definition and take BT.601, with the 525-line (SMPTE C,
    /// `smpte170m`) primaries up to 480 lines and the 625-line (EBU, `bt470bg`) ones above, up to 576; taller
    /// pictures take BT.709. The transfer is the BT.709 curve (BT.601 uses the same one) and the range limited;
    /// a reader that knows the pixel format is a full-range (JPEG) one says so itself. Each field a stream does
    /// tag wins over the assumption for that field alone.
    /// - Parameters:
    ///   - width: the stored width (unused today: the rule goes by lines, as players do).
    ///   - height: the stored height in lines.
    public static func assumed(width: Int, height: Int) -> ColorDescription {
        guard height <= 576 else { return .bt709 }
        return ColorDescription(matrix: .bt601, primaries: height > 480 ? .bt601_625 : .bt601_525, transfer: .bt709)
    }
}
