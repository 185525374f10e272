import ReelModel
import Testing
@testable import ReelPlan

/// Ducking gains at exact samples against a reference computed here from the item ranges alone:
/// triggers grouped where the space between them is under `attack + release`, and the gain the
/// minimum over the groups of "1, ramp down over attack, hold, ramp up over release, 1".
@Suite struct DuckingTests {
    let sr: Int64 = 48000
    let ducking = Ducking(gain: q(1, 4), attack: tm(3, 10), release: tm(3, 5))

    /// The reference gain at `t` for trigger ranges `triggers` (as `(start, end)` pairs).
    func reference(_ t: RationalTime, _ triggers: [(RationalTime, RationalTime)], _ d: Ducking) throws -> Rational {
        let sorted = triggers.sorted { $0.0 < $1.0 }
        var groups: [(RationalTime, RationalTime)] = []
        for (s, e) in sorted {
            if let (gs, ge) = groups.last, s.rational < (try ge + d.attack + d.release).rational {
                groups[groups.count - 1] = (gs, max(ge, e))
            } else {
                groups.append((s, e))
            }
        }
        var gain = Rational.one
        for (s, e) in groups {
            let down = try s - d.attack, up = try e + d.release
            var v = Rational.one
            if t >= down && t < s { v = try .one + (d.gain - .one) * ((t - down).rational / d.attack.rational) }
            if t >= s && t < e { v = d.gain }
            if t >= e && t < up { v = try d.gain + (.one - d.gain) * ((t - e).rational / d.release.rational) }
            gain = min(gain, v)
        }
        return gain
    }

    func voiceOver(at: RationalTime, _ length: RationalTime) -> AudioItem {
        AudioItem(role: .voiceOver, asset: "vo", sourceRange: range(.zero, length), at: at)
    }

    /// Checks the music's gain (volume 1/2) at corner samples and every 331st sample, through windows
    /// cut at different places, against `reference`.
    func check(_ p: Plan, music: Int, triggers: [(RationalTime, RationalTime)], _ d: Ducking) throws -> Int {
        var corners: [Int64] = []
        for (s, e) in triggers {
            for t in [try s - d.attack, s, e, try e + d.release] {
                let c = Int64((try t.rational * Rational(sr, 1)).floor)
                corners += (c - 2)...(c + 2)
            }
        }
        let wanted = Set(corners + Array(stride(from: 0, to: p.totalSamples, by: 331)))
        var checked = 0
        for window in [0..<p.totalSamples, 7919..<200_000, 200_000..<p.totalSamples] {
            for c in try p.audioContributions(samples: window) {
                guard case .audioItem(music, _) = c.source else { continue }
                for s in c.samples where wanted.contains(s) {
                    let t = try p.clock.time(ofSample: s)
                    let expected = try q(1, 2) * reference(t, triggers, d)
                    #expect(try c.gain(at: t) == expected, "sample \(s) in window \(window)")
                    checked += 1
                }
            }
        }
        return checked
    }

    @Test func musicDucksUnderVoiceOversAtExactSamples() throws {
        let starts: [(RationalTime, RationalTime)] = [(tm(3003, 30000), tm(1)), (tm(3, 2), tm(1, 2)), (tm(4), tm(1)),
                                                      (tm(11, 2), tm(2)), (tm(49, 5), tm(1))]
        let vos = starts.map { voiceOver(at: $0.0, $0.1) }
        let music = AudioItem(role: .music, asset: "music", sourceRange: range(.zero, tm(10)), at: .zero, volume: q(1, 2),
                              ducking: ducking)
        let p = try Plan(composition: makeComposition([.clip(makeClip("a", from: .zero, length: tm(10), audio: false))],
                                                      audioItems: vos + [music]))
        let triggers = try starts.map { ($0.0, try $0.0 + $0.1) }
        let n = try check(p, music: vos.count, triggers: triggers, ducking)
        #expect(n > 2 * 1450, "only \(n) samples checked")
        // The first dip starts before the music: at 0 the gain is already part way down.
        let first = try #require(try p.audioContributions(samples: 0..<1).first { $0.source == .audioItem(5, repetition: 0) })
        #expect(try first.gain(at: .zero) == (try q(1, 2) * reference(.zero, triggers, ducking)))
        #expect(try first.gain(at: .zero) < q(1, 2))
    }

    @Test func onlyTheListedVoiceOversAndClipsTrigger() throws {
        let vos = [voiceOver(at: tm(1), tm(1)), voiceOver(at: tm(5), tm(1)), voiceOver(at: tm(8), tm(1, 2))]
        var d = ducking
        d.under = .voiceOverIndices([2, 0])
        d.attack = .zero
        let music = AudioItem(role: .music, asset: "music", sourceRange: range(.zero, tm(10)), at: .zero, volume: q(1, 2),
                              ducking: d)
        let clipTrack: [TrackItem] = [.clip(makeClip("a", from: .zero, length: tm(4))),
                                      .clip(makeClip("b", from: .zero, length: tm(3), audio: false)),
                                      .clip(makeClip("c", from: .zero, length: tm(3)))]
        let p = try Plan(composition: makeComposition(clipTrack, audioItems: vos + [music]))
        #expect(try check(p, music: 3, triggers: [(tm(1), tm(2)), (tm(8), tm(17, 2))], d) > 2900)
        var m = music
        m.ducking?.under = .clips
        let c = try Plan(composition: makeComposition(clipTrack, audioItems: vos + [m]))
        #expect(try check(c, music: 3, triggers: [(.zero, tm(4)), (tm(7), tm(10))], d) > 2900)
    }

    @Test func duckingMultipliesVolumeAutomation() throws {
        let music = AudioItem(role: .music, asset: "music", sourceRange: range(.zero, tm(10)), at: .zero, volume: q(1, 2),
                              automation: [VolumeRamp(from: .one, to: .zero, timeRange: range(tm(4), tm(2)))],
                              ducking: ducking)
        let p = try Plan(composition: makeComposition([.gap(tm(10))], audioItems: [voiceOver(at: tm(3), tm(2)), music]))
        let c = try #require(try p.audioContributions(samples: 0..<p.totalSamples).first { $0.asset == "music" })
        // At 4.5 s: automation 3/4, ducked 1/4, volume 1/2.
        #expect(try c.gain(at: tm(9, 2)) == q(3, 32))
        // At 5.3 s: automation 7/20, releasing half way: 1/4 + 3/4 · 1/2 = 5/8.
        #expect(try c.gain(at: tm(53, 10)) == (try q(1, 2) * q(7, 20) * q(5, 8)))
    }

    @Test func changingDuckingRehashesExactlyTheSegmentsItTouches() throws {
        let options = PlanOptions(segmentSeconds: q(1), minimumSegmentSeconds: q(1, 2))
        func plan(_ d: Ducking?) throws -> Plan {
            let music = AudioItem(role: .music, asset: "music", sourceRange: range(.zero, tm(10)), at: .zero, ducking: d)
            return try Plan(composition: makeComposition([.clip(makeClip("a", from: .zero, length: tm(10)))],
                                                         audioItems: [voiceOver(at: tm(4), tm(1)), music]),
                            options: options)
        }
        var softer = ducking
        softer.gain = q(1, 5)
        let (none, base, other) = (try plan(nil), try plan(ducking), try plan(softer))
        // The gain differs from 1 over (3.7, 5.6): the segments whose samples reach into it.
        let dip = try TimeRange(start: tm(37, 10), end: tm(56, 10))
        let touched = Set(base.segments.filter { $0.timeRange.overlaps(dip) }.map(\.index))
        #expect(touched.count >= 2 && touched.count < base.segments.count)
        for (a, b) in [(none, base), (base, other)] {
            let changed = Set(zip(a.segments, b.segments).filter { $0.0.contentHash != $0.1.contentHash }.map(\.0.index))
            #expect(changed == touched)
        }
    }

    @Test func thePlanReportShowsTheEnvelopeCorners() throws {
        let music = AudioItem(role: .music, asset: "music", sourceRange: range(.zero, tm(10)), at: .zero,
                              ducking: ducking, origin: "music")
        let p = try Plan(composition: makeComposition([.gap(tm(10))], audioItems: [voiceOver(at: tm(4), tm(1)), music]))
        let report = PlanReport(plan: p)
        #expect(report.ducking.map(\.item) == [1])
        #expect(report.ducking.first?.points == [["0", "1"], ["3.7", "1"], ["4", "0.25"], ["5", "0.25"], ["5.6", "1"],
                                                 ["10", "1"]])
        #expect(report.text().contains("music (audio item 1): 0 s: 1, 3.7 s: 1, 4 s: 0.25, 5 s: 0.25, 5.6 s: 1, 10 s: 1"))
    }
}
