import ReelModel

/// The gain envelope of automatic ducking, built from the trigger items' time ranges alone.
extension Envelope {
    /// Ducking over `active`: for each dip `[s, e)` (triggers closer together than
    /// `attack + release` merged), 1 → `gain` over `[s − attack, s)`, `gain` over `[s, e)` and
    /// `gain` → 1 over `[e, e + release)`; 1 elsewhere. Nil when no trigger touches `active`.
    static func ducking(_ d: Ducking, triggers: [TimeRange], over active: TimeRange) throws -> Envelope? {
        let dips = try mergedDips(triggers, gap: d.attack + d.release)
        guard let first = dips.first, let last = dips.last else { return nil }
        var pieces: [GainPiece] = []
        var cursor = min(active.start, try first.start - d.attack)
        func add(_ end: RationalTime, _ from: Rational, _ to: Rational) throws {
            guard cursor < end else { return }
            pieces.append(GainPiece(range: try TimeRange(start: cursor, end: end), from: from, to: to))
            cursor = end
        }
        for dip in dips {
            try add(try dip.start - d.attack, .one, .one)
            try add(dip.start, .one, d.gain)
            try add(dip.end, d.gain, d.gain)
            try add(try dip.end + d.release, d.gain, .one)
        }
        try add(max(active.end, try last.end + d.release), .one, .one)
        let inside = try Envelope(pieces: pieces).clipped(to: active)
        return inside.isUnity ? nil : inside
    }

    /// True when every piece holds 1: multiplying by it changes nothing.
    var isUnity: Bool { pieces.allSatisfy { $0.from == .one && $0.to == .one } }

    /// Non-empty `ranges` sorted and merged where the space between them is less than `gap`.
    static func mergedDips(_ ranges: [TimeRange], gap: RationalTime) throws -> [TimeRange] {
        var out: [TimeRange] = []
        for r in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.start < $1.start }) {
            if let last = out.last, try r.start - last.end < gap {
                out[out.count - 1] = try TimeRange(start: last.start, end: max(last.end, r.end))
            } else {
                out.append(r)
            }
        }
        return out
    }
}

extension Plan {
    /// The timeline ranges music with ducking `d` ducks under: voice-overs (all or some) or clip audio.
    static func duckingTriggers(_ d: Ducking, _ composition: Composition, clips: [PlacedClip],
                                duration: RationalTime) throws -> [TimeRange] {
        switch d.under {
        case .clips:
            return clips.filter { $0.clip.audioEnabled && !$0.clip.freeze }.map(\.extended)
        case .voiceOvers, .voiceOverIndices:
            let voiceOvers = composition.audioItems.filter { $0.role == .voiceOver }
            var picked = Array(voiceOvers.indices)
            if case .voiceOverIndices(let list) = d.under { picked = list.filter { $0 < voiceOvers.count } }
            return try picked.map { try activeRange(of: voiceOvers[$0], duration: duration) }
        }
    }

    /// Where an audio item plays: once from `at`, or looped until `loopUntil` or the timeline's end.
    static func activeRange(of item: AudioItem, duration: RationalTime) throws -> TimeRange {
        let end = item.loop ? max(item.at, item.loopUntil ?? duration) : try item.at + item.sourceRange.duration
        return try TimeRange(start: item.at, end: end)
    }
}
