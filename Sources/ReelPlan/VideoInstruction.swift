import ReelModel

/// What one track shows during an instruction, like `AVVideoCompositionLayerInstruction`.
public enum LayerInstruction: Sendable, Hashable {
    /// `Plan.clips[index]` shown alone.
    case passthrough(Int)
    /// `Plan.transitions[index]`: its outgoing and incoming clips, blended by its kind.
    case transition(Int)
}

/// A time range of the output and the layers shown during it, bottom to top, like
/// `AVVideoCompositionInstruction`. The instructions of a plan tile `[0, duration)`: consecutive,
/// no gap, no overlap. An instruction with no layers shows the background (black).
public struct VideoInstruction: Sendable, Hashable {
    public var timeRange: TimeRange
    public var layers: [LayerInstruction]

    public init(timeRange: TimeRange, layers: [LayerInstruction]) {
        self.timeRange = timeRange
        self.layers = layers
    }
}

/// Merges per-track pieces into instructions that tile `[0, duration)`.
enum InstructionBuilder {
    /// - Parameters:
    ///   - tracks: each video track's pieces, in time order, bottom track first.
    ///   - duration: the timeline's length; pieces past it are cut off.
    static func build(tracks: [[TrackPiece]], duration: RationalTime) throws -> [VideoInstruction] {
        guard duration > .zero else { return [] }
        var cuts: [RationalTime] = [.zero, duration]
        for pieces in tracks {
            for p in pieces where p.range.start < duration {
                cuts.append(p.range.start)
                if p.range.end < duration { cuts.append(p.range.end) }
            }
        }
        cuts.sort()
        var bounds: [RationalTime] = []
        bounds.reserveCapacity(cuts.count)
        for c in cuts where bounds.last.map({ $0 != c }) ?? true { bounds.append(c) }
        var cursors = [Int](repeating: 0, count: tracks.count)
        var out: [VideoInstruction] = []
        for i in 0..<(bounds.count - 1) {
            let s = bounds[i], e = bounds[i + 1]
            var layers: [LayerInstruction] = []
            for (ti, pieces) in tracks.enumerated() {
                while cursors[ti] < pieces.count && pieces[cursors[ti]].range.end <= s { cursors[ti] += 1 }
                if cursors[ti] < pieces.count, pieces[cursors[ti]].range.start <= s {
                    layers.append(pieces[cursors[ti]].layer)
                }
            }
            if let last = out.last, last.layers == layers {
                out[out.count - 1].timeRange = try TimeRange(start: last.timeRange.start, end: e)
            } else {
                out.append(VideoInstruction(timeRange: try TimeRange(start: s, end: e), layers: layers))
            }
        }
        return out
    }
}
