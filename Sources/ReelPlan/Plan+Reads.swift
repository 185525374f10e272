import ReelModel

extension Plan {
    /// One read per clip shown in `frames`, in layer order of first appearance.
    func videoReads(instructions shown: Range<Int>, frames: Range<Int64>) throws -> [SourceRead] {
        var seen: [Int] = []
        for i in shown where clock.frames(in: instructions[i].timeRange).overlaps(frames) {
            for layer in instructions[i].layers {
                switch layer {
                case .passthrough(let c): if !seen.contains(c) { seen.append(c) }
                case .transition(let k):
                    for c in [transitions[k].outgoing, transitions[k].incoming].compactMap({ $0 }) where !seen.contains(c) {
                        seen.append(c)
                    }
                }
            }
        }
        return try seen.compactMap { try videoRead(clip: $0, frames: frames) }
    }

    private func videoRead(clip c: Int, frames: Range<Int64>) throws -> SourceRead? {
        let placed = clips[c]
        let shown = clock.frames(in: placed.extended).clamped(to: frames)
        guard !shown.isEmpty else { return nil }
        let first = try clock.time(ofFrame: shown.lowerBound)
        let after = min(try clock.time(ofFrame: shown.upperBound), placed.extended.end)
        let a = try placed.mediaTime(at: first), b = try placed.mediaTime(at: after)
        let media = try TimeRange(start: min(a, b), end: max(a, b))
        return SourceRead(kind: .video, asset: placed.clip.asset, media: media,
                          readFrom: try readFrom(media.start, asset: placed.clip.asset))
    }

    func audioRead(_ c: AudioContribution) throws -> SourceRead {
        let a = c.mediaStart, b = try c.mediaTime(at: c.timelineRange.end)
        let media = try TimeRange(start: min(a, b), end: max(a, b))
        return SourceRead(kind: .audio, asset: c.asset, media: media,
                          readFrom: max(.zero, try media.start - options.audioPreRoll))
    }

    /// The last keyframe at or before `t` when the asset's keyframes are known, else `t − videoPreRoll` (≥ 0).
    func readFrom(_ t: RationalTime, asset: AssetID) throws -> RationalTime {
        if let keys = options.media[asset]?.video?.keyframes, !keys.isEmpty {
            var lo = 0, hi = keys.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if keys[mid] <= t { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { return keys[lo - 1] }
            return .zero
        }
        return max(.zero, try t - options.videoPreRoll)
    }
}
