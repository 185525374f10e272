/// Chooses segment boundaries: frame indices that tile `[0, totalFrames)`.
///
/// Rules, in order, for the segment starting at `f0` (all in frames):
/// 1. A boundary never falls strictly inside a transition's frames.
/// 2. The end lies in `[f0 + minimum, f0 + maximum]` unless a transition or the timeline's end forces it.
/// 3. It is the first *strong* anchor there; else the anchor (cut point) closest to `f0 + target`;
///    else the keyframe-aligned frame closest to it; else `f0 + target` moved out of a transition.
/// 4. A remainder shorter than `minimum` joins the last segment.
///
/// An anchor is strong when a neighbouring cut is at least `target` away, or else with probability
/// about `gap / (target − minimum)` decided by a hash of its local structure (the gaps to the
/// neighbouring anchors and the asset starting there). Strong anchors depend on local content only,
/// not on the anchor's position, so after an edit that shifts later content the boundaries fall
/// back into step with the unedited plan within a segment or two (content-defined chunking).
struct Segmenter {
    var totalFrames: Int64
    var target: Int64
    var minimum: Int64
    var maximum: Int64
    /// Sorted, disjoint open intervals `(start, end)` in which no boundary may fall.
    var forbidden: [(start: Int64, end: Int64)]
    /// Sorted allowed cut frames.
    var anchors: [Int64]
    /// For each anchor, the identity of what is shown from it on (part of its local structure).
    var anchorLabels: [String]
    /// Frames where a keyframe of the shown source starts, near a frame (may be empty).
    var keyframes: (_ near: Int64, _ window: ClosedRange<Int64>) -> [Int64]

    /// The boundaries `0 = b0 < b1 < … < bn = totalFrames`.
    func boundaries() -> [Int64] {
        guard totalFrames > 0 else { return [0] }
        let strong = strongAnchors()
        var out: [Int64] = [0]
        var f0: Int64 = 0
        while f0 < totalFrames {
            let f1 = next(after: f0, strong: strong)
            out.append(f1)
            f0 = f1
        }
        return out
    }

    private func next(after f0: Int64, strong: [Int64]) -> Int64 {
        let lo = f0 + minimum, hi = min(f0 + maximum, totalFrames)
        guard lo < totalFrames else { return totalFrames }
        let want = min(f0 + target, totalFrames)
        var f1: Int64
        if let s = Self.first(in: strong, atLeast: lo), s <= hi {
            f1 = s
        } else if let a = closestAnchor(to: want, in: lo...hi) {
            f1 = a
        } else if let k = keyframes(want, lo...hi).filter({ isAllowed($0) }).min(by: { abs($0 - want) < abs($1 - want) }) {
            f1 = k
        } else {
            f1 = allowed(near: want, atLeast: lo)
        }
        if totalFrames - f1 < minimum { f1 = totalFrames }
        return max(f1, f0 + 1)
    }

    private func strongAnchors() -> [Int64] {
        var out: [Int64] = []
        let span = UInt64(max(1, target - minimum))
        for (i, a) in anchors.enumerated() {
            let prev = i > 0 ? anchors[i - 1] : 0
            let next = i + 1 < anchors.count ? anchors[i + 1] : totalFrames
            let before = a - prev, after = next - a
            if before >= target || after >= target { out.append(a); continue }
            var h = SplitMix.mix(UInt64(bitPattern: before) &* 0x9E37_79B9 ^ UInt64(bitPattern: after))
            for byte in anchorLabels[i].utf8 { h = SplitMix.mix(h ^ UInt64(byte)) }
            let local = UInt64(before + after) / 2
            if h % (span * 1024) < local * 1024 { out.append(a) }
        }
        return out
    }

    private func closestAnchor(to want: Int64, in window: ClosedRange<Int64>) -> Int64? {
        var i = Self.index(in: anchors, atLeast: window.lowerBound)
        var best: Int64? = nil
        while i < anchors.count, anchors[i] <= window.upperBound {
            let f = anchors[i]
            if best == nil || abs(f - want) < abs(best! - want) { best = f }
            i += 1
        }
        return best
    }

    func isAllowed(_ f: Int64) -> Bool { containing(f) == nil }

    /// The forbidden interval holding `f` strictly inside, if any.
    private func containing(_ f: Int64) -> (start: Int64, end: Int64)? {
        var lo = 0, hi = forbidden.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if forbidden[mid].end <= f { lo = mid + 1 } else { hi = mid }
        }
        guard lo < forbidden.count, forbidden[lo].start < f, f < forbidden[lo].end else { return nil }
        return forbidden[lo]
    }

    /// `f` when allowed; else the nearer end of its transition, the start only if ≥ `atLeast`.
    func allowed(near f: Int64, atLeast lo: Int64) -> Int64 {
        guard let z = containing(f) else { return f }
        if z.start >= lo && f - z.start <= z.end - f { return z.start }
        return z.end
    }

    static func first(in sorted: [Int64], atLeast x: Int64) -> Int64? {
        let i = index(in: sorted, atLeast: x)
        return i < sorted.count ? sorted[i] : nil
    }

    static func index(in sorted: [Int64], atLeast x: Int64) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// SplitMix64's finaliser: a fixed, well-mixed 64-bit permutation (not seeded, so stable across runs).
enum SplitMix {
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
