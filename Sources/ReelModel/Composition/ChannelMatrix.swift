/// How a source's channels feed the output's: `gains[o][i]` is the gain of source channel `i` in output channel `o`.
///
/// **The standard matrix** (`standard(sourceChannels:to:)`), used when an item has no route. A source's channels
/// are read in FFmpeg's order; 1, 2, 6 and 8 channels are read as mono, stereo, 5.1 and 7.1 whatever the file
/// labels them (5.1(side) and 5.1 put their surrounds in the same places). Each source channel goes to the output
/// channel of the same name; one the output lacks folds as ITU-R BS.775 does, with k = 1/√2 (0.7071, −3 dB):
/// - C into stereo: k into L and k into R;
/// - a left surround (Ls, Lrs or Lss) into stereo: k into L (right ones into R); Lrs and Lss into 5.1: k into Ls;
///   Ls into 7.1: 1 into Lss (5.1's surrounds sit at the sides);
/// - LFE: dropped when the output has none;
/// - folded to one channel (a route's mono fold, `AudioRoute`): half of the stereo fold's L plus half of its R (so
///   5.1 folds to 0.5·L + 0.5·R + k·C + k/2·Ls + k/2·Rs).
///
/// So 5.1 into stereo is Lo = L + k·C + k·Ls, Ro = R + k·C + k·Rs. Nothing is normalised: a dialogue centre keeps
/// its loudness, and a full-scale programme can exceed full scale, where the mixer's hard clip applies (lower the
/// item's `volume`). Mono into 5.1 or 7.1 goes to C at unity (a mono source is dialogue far more often than not,
/// and a real centre does not comb-filter off axis as a phantom one does); stereo goes to L and R.
///
/// A mono output, and mono, stereo and unnamed layouts into a stereo output, keep the decoder's long-standing
/// conversion (`standard` returns nil): mono feeds every channel at unity, every source into mono is the average of
/// its channels, other counts into stereo use libswresample's default. Other channel counts into 5.1 or 7.1 map
/// channel `i` to output channel `i`.
public struct ChannelMatrix: Sendable, Hashable {
    /// One row per output channel, one column per source channel.
    public var gains: [[Double]]

    public init(gains: [[Double]]) { self.gains = gains }

    /// 1/√2: the BS.775 fold-down coefficient.
    public static let fold = 0.70710678118654752

    /// The matrix for a source of `sourceChannels` into `layout`, or nil where the decoder converts.
    public static func standard(sourceChannels: Int, to layout: AudioLayout) -> ChannelMatrix? {
        let source = AudioLayout(count: sourceChannels)
        // Into mono, and from unnamed or mono/stereo sources into stereo, the decoder's rule stands: it is what
        // existing compositions were rendered with, and their segment hashes do not change.
        if layout == .mono || (layout == .stereo && (source == nil || sourceChannels <= 2)) { return nil }
        guard let source else { return indexed(sourceChannels, to: layout) }
        var gains = [[Double]](repeating: [Double](repeating: 0, count: source.count), count: layout.count)
        for (i, channel) in source.channels.enumerated() {
            for (target, gain) in destinations(of: channel, in: layout) {
                if let o = layout.index(of: target) { gains[o][i] += gain }
            }
        }
        return ChannelMatrix(gains: gains)
    }

    /// Channel `i` to output channel `i`, for layouts without a name.
    static func indexed(_ sourceChannels: Int, to layout: AudioLayout) -> ChannelMatrix {
        ChannelMatrix(gains: (0..<layout.count).map { o in (0..<sourceChannels).map { $0 == o ? 1 : 0 } })
    }

    /// Where one source channel goes in `layout`, with its gains (see the type's rules).
    static func destinations(of channel: AudioChannel, in layout: AudioLayout) -> [(AudioChannel, Double)] {
        // Mono's one channel is C, so its fold goes through stereo first (C reaches it as k/2 + k/2).
        if layout == .mono { return destinations(of: channel, in: .stereo).map { (.C, $0.1 / 2) } }
        if layout.index(of: channel) != nil { return [(channel, 1)] }
        switch channel {
        case .C: return [(.L, fold), (.R, fold)]
        case .LFE, .L, .R: return []
        case .Ls, .Lrs, .Lss: return layout == .surround71 ? [(.Lss, 1)] : [(layout == .stereo ? .L : .Ls, fold)]
        case .Rs, .Rrs, .Rss: return layout == .surround71 ? [(.Rss, 1)] : [(layout == .stereo ? .R : .Rs, fold)]
        }
    }
}
