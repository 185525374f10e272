/// One loudspeaker channel of an output layout, named as SMPTE/ITU name them.
///
/// `Ls`/`Rs` are 5.1's surrounds (FFmpeg's `BL`/`BR`, which its `5.1` layout uses); 7.1 splits them into rear
/// surrounds `Lrs`/`Rrs` (FFmpeg's `BL`/`BR`) and side surrounds `Lss`/`Rss` (`SL`/`SR`). A mono output's only
/// channel is `C` (FFmpeg's mono is `FC`).
public enum AudioChannel: String, CaseIterable, Sendable, Hashable {
    case L, R, C, LFE, Ls, Rs, Lrs, Rrs, Lss, Rss

    /// True for the low-frequency effects channel, which loudness measurement leaves out.
    public var isLFE: Bool { self == .LFE }

    /// The channel's weight in ITU-R BS.1770-4's loudness sum: 1 for the front channels, 1.41 (+1.5 dB) for every
    /// surround, 0 for the LFE (excluded).
    public var loudnessWeight: Double {
        switch self {
        case .L, .R, .C: return 1
        case .LFE: return 0
        case .Ls, .Rs, .Lrs, .Rrs, .Lss, .Rss: return 1.41
        }
    }
}
