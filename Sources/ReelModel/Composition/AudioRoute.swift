/// Where an item's audio goes in the output layout: `"route"` on a clip, voice-over or music.
///
/// - `channels`: a name (`"C"`) or a list (`["L", "R"]`). A source with as many channels as the list feeds them one to
///   one, in order; any other source is first folded to mono (a mono source as is, stereo averaged, 5.1 and 7.1 by
///   the BS.775 mono fold of `ChannelMatrix`) and feeds every listed channel at unity.
/// - `map`: one entry per source channel, the output channels it feeds and the gain it feeds them with.
///
/// Without a route an item uses `ChannelMatrix.standard`. Volume, automation and ducking apply to the item before
/// routing, as they do without one.
public enum AudioRoute: Sendable, Hashable {
    case channels([AudioChannel])
    case map([Entry])

    /// Where one source channel goes.
    public struct Entry: Sendable, Hashable {
        public var to: [AudioChannel]
        public var gain: Rational

        public init(to: [AudioChannel], gain: Rational = .one) {
            self.to = to
            self.gain = gain
        }
    }

    /// Every output channel the route names.
    public var targets: [AudioChannel] {
        switch self {
        case .channels(let list): return list
        case .map(let entries): return entries.flatMap(\.to)
        }
    }

    /// The matrix for a source of `sourceChannels` into `layout`. Channels the layout lacks are skipped (validation
    /// refuses them), and so are map entries past the source's channels.
    public func matrix(sourceChannels n: Int, to layout: AudioLayout) -> ChannelMatrix {
        var gains = [[Double]](repeating: [Double](repeating: 0, count: n), count: layout.count)
        switch self {
        case .channels(let list) where list.count == n:
            for (i, c) in list.enumerated() { if let o = layout.index(of: c) { gains[o][i] += 1 } }
        case .channels(let list):
            let fold = Self.monoFold(n)
            for c in list { if let o = layout.index(of: c) { for i in 0..<n { gains[o][i] += fold[i] } } }
        case .map(let entries):
            for (i, entry) in entries.enumerated() where i < n {
                for c in entry.to { if let o = layout.index(of: c) { gains[o][i] += entry.gain.doubleValue } }
            }
        }
        return ChannelMatrix(gains: gains)
    }

    /// The gains that fold `n` source channels to one: 1 for mono, BS.775 for 5.1 and 7.1, else the average.
    static func monoFold(_ n: Int) -> [Double] {
        if n == 1 { return [1] }
        if let source = AudioLayout(count: n), n > 2 {
            return source.channels.map { c in ChannelMatrix.destinations(of: c, in: .mono).map(\.1).reduce(0, +) }
        }
        return [Double](repeating: 1 / Double(n), count: n)
    }
}
