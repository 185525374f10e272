/// The channel layout of the output audio: which channels, in which order.
///
/// The order is FFmpeg's native order for its layouts of the same name (`ffmpeg -layouts`), which is also WAVE's
/// channel-mask order, so parts, encoders and the published file agree without reordering:
/// - `mono`: C
/// - `stereo`: L R
/// - `5.1`: L R C LFE Ls Rs (SMPTE/ITU order; FFmpeg's `5.1` = FL FR FC LFE BL BR)
/// - `7.1`: L R C LFE Lrs Rrs Lss Rss (FFmpeg's `7.1` = FL FR FC LFE BL BR SL SR: rear surrounds before side
///   surrounds, unlike the L R C LFE Lss Rss Lrs Rrs that some SMPTE tables list)
public enum AudioLayout: String, CaseIterable, Sendable, Hashable {
    case mono
    case stereo
    case surround51 = "5.1"
    case surround71 = "7.1"

    /// The channels in the order samples are stored.
    public var channels: [AudioChannel] {
        switch self {
        case .mono: return [.C]
        case .stereo: return [.L, .R]
        case .surround51: return [.L, .R, .C, .LFE, .Ls, .Rs]
        case .surround71: return [.L, .R, .C, .LFE, .Lrs, .Rrs, .Lss, .Rss]
        }
    }

    /// The number of channels.
    public var count: Int { channels.count }

    /// The layout's name as compositions and FFmpeg write it (`mono`, `stereo`, `5.1`, `7.1`).
    public var name: String { rawValue }

    /// The layout with `count` channels, if there is one.
    public init?(count: Int) {
        guard let layout = Self.allCases.first(where: { $0.count == count }) else { return nil }
        self = layout
    }

    /// The position of `channel` in this layout, or nil when the layout has no such channel.
    public func index(of channel: AudioChannel) -> Int? { channels.firstIndex(of: channel) }
}
