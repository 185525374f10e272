/// `output.audio.loudness`: the programme loudness a delivery spec asks for (EBU R128 −23 LUFS, ATSC A/85 −24 LKFS,
/// streaming −14/−16 LUFS) and the true-peak ceiling. The stitcher measures the whole programme, applies one gain
/// to reach `integrated` and limits what would pass `truePeak`; it is a stitch setting, in no segment's content hash.
public struct LoudnessTarget: Sendable, Hashable {
    /// The measurement the target is given in. Only ITU-R BS.1770-4 (EBU R128's meter).
    public enum Standard: String, CaseIterable, Sendable, Hashable {
        case bs1770_4 = "bs1770-4"
    }

    /// The allowed integrated targets, LUFS.
    public static let integratedRange = Rational(unchecked: -70, 1)...Rational.zero
    /// The allowed true-peak ceilings, dBTP.
    public static let truePeakRange = Rational(unchecked: -9, 1)...Rational.zero
    /// The ceiling when none is given: EBU R128's −1 dBTP.
    public static let defaultTruePeak = Rational(unchecked: -1, 1)

    /// The programme's integrated loudness after correction, LUFS (exact, as written).
    public var integrated: Rational
    /// The highest true peak (4× oversampled) the output may reach, dBTP (default −1).
    public var truePeak: Rational
    public var standard: Standard

    public init(integrated: Rational, truePeak: Rational = defaultTruePeak, standard: Standard = .bs1770_4) {
        self.integrated = integrated
        self.truePeak = truePeak
        self.standard = standard
    }
}
