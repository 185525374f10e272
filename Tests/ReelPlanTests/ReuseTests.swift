import ReelModel
import ReelTestSupport
import Testing
@testable import ReelPlan

/// Content-anchored boundaries and position-independent hashes: after an edit that moves later
/// content, the later segments keep their hashes, so a farm re-renders only near the edit.
@Suite struct ReuseTests {
    /// A long single track (29.97 fps, 48 kHz) of `count` clips with random lengths and dissolves.
    func makeLongTrack(seed: UInt64, count: Int) -> [TrackItem] {
        var rng = SplitMix64(seed: seed)
        var items: [TrackItem] = []
        for i in 0..<count {
            let length = tm(Int64.random(in: 15...150, using: &rng) * 1001, 30000)
            items.append(.clip(makeClip(["a", "b", "c", "d"].randomElement(using: &rng)!,
                                        from: tm(Int64.random(in: 5...60, using: &rng)), length: length)))
            if i + 1 < count, Bool.random(using: &rng) { items.append(.transition(makeTransition(out: tm(1001 * 10, 30000)))) }
        }
        return items
    }

    func plan(_ items: [TrackItem]) throws -> Plan {
        try Plan(composition: makeComposition(items, output: makeOutput(fps: try FrameRate(30000, 1001))))
    }

    /// The fraction of `edited`'s segments after `from` (a time) whose hash `original` already has.
    func reused(_ original: Plan, _ edited: Plan, after from: RationalTime) -> (reused: Int, total: Int) {
        let known = Set(original.segments.map(\.contentHash))
        let later = edited.segments.filter { $0.timeRange.start >= from }
        return (later.filter { known.contains($0.contentHash) }.count, later.count)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5]) func prependingAClipKeepsLaterHashes(seed: UInt64) throws {
        let items = makeLongTrack(seed: seed, count: 150)
        let original = try plan(items)
        // 150 frames at 29.97 = 5.005 s = 240240 samples: the sample phase is unchanged.
        let edited = try plan([.clip(makeClip("e", from: .zero, length: tm(150 * 1001, 30000)))] + items)
        let r = reused(original, edited, after: tm(60))
        #expect(r.total > 10)
        #expect(r.reused * 10 >= r.total * 9, "reused \(r.reused) of \(r.total)")
    }

    @Test(arguments: [UInt64(11), 12, 13, 14, 15]) func lengtheningAClipKeepsHashesAfterIt(seed: UInt64) throws {
        var items = makeLongTrack(seed: seed, count: 150)
        let original = try plan(items)
        let k = items.indices.filter { if case .clip = items[$0] { return true } else { return false } }[20]
        guard case .clip(var clip) = items[k] else { Issue.record("item \(k) is not a clip"); return }
        clip.sourceRange = range(clip.sourceRange.start, try clip.sourceRange.duration + tm(5 * 1001, 30000))
        items[k] = .clip(clip)
        let edited = try plan(items)
        let editEnd = edited.clips.first { $0.item == k }!.extended.end
        let r = reused(original, edited, after: try editEnd + tm(30))
        #expect(r.total > 10)
        #expect(r.reused * 10 >= r.total * 9, "reused \(r.reused) of \(r.total)")
        let before = edited.segments.filter { $0.timeRange.end <= edited.clips.first { $0.item == k }!.extended.start }
        #expect(before.allSatisfy { s in original.segments[s.index].contentHash == s.contentHash })
    }
}
