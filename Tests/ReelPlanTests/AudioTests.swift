import ReelModel
import Testing
@testable import ReelPlan

@Suite struct AudioTests {
    let sr: Int64 = 48000

    func all(_ p: Plan) throws -> [AudioContribution] { try p.audioContributions(samples: 0..<p.totalSamples) }

    @Test func clipAudioCrossfadesLinearlyOverTheTransition() throws {
        let p = try Plan(composition: makeComposition([
            .clip(makeClip("a", from: tm(10), length: tm(4))),
            .transition(makeTransition(out: tm(1))),
            .clip(makeClip("b", from: tm(5), length: tm(3))),
        ]))
        let c = try all(p)
        #expect(c.map(\.asset) == ["a", "b"])
        #expect(c[0].timelineRange == range(.zero, tm(5)))
        #expect(c[1].timelineRange == range(tm(4), tm(3)))
        #expect(c[0].samples == 0..<(5 * sr))
        #expect(c[1].mediaStart == tm(5))
        #expect(try c[0].gain(at: tm(3)) == .one)
        #expect(try c[1].gain(at: tm(4)) == .zero)
        for t in [tm(4), tm(17, 4), tm(9, 2), tm(4999, 1000)] {
            let a = try c[0].gain(at: t), b = try c[1].gain(at: t)
            #expect(try a + b == .one, "crossfade at \(t)")
            #expect(b == (try (t - tm(4)).rational))
        }
    }

    @Test func automationHoldsBetweenRampsAndStartsFromTheFirstFrom() throws {
        let music = AudioItem(role: .music, asset: "music", sourceRange: range(.zero, tm(20)), at: .zero, volume: q(1, 2),
                              automation: [VolumeRamp(from: q(1, 2), to: q(1), timeRange: range(tm(6), tm(1))),
                                           VolumeRamp(from: q(1), to: .zero, timeRange: range(tm(2), tm(2)))])
        let p = try Plan(composition: makeComposition([.clip(makeClip("a", from: .zero, length: tm(10), audio: false))],
                                                      audioItems: [music]))
        let c = try #require(try all(p).first)
        let expected: [(RationalTime, Rational)] = [(tm(1), .one), (tm(3), q(1, 2)), (tm(5), .zero), (tm(13, 2), q(3, 4)),
                                                    (tm(8), .one)]
        for (t, env) in expected { #expect(try c.gain(at: t) == (try q(1, 2) * env), "at \(t)") }
        #expect(try all(p).count == 1)   // the muted clip contributes nothing
    }

    @Test func loopsRepeatTheSourceRangeUntilLoopUntil() throws {
        let music = AudioItem(role: .music, asset: "music", sourceRange: range(tm(2), tm(3)), at: tm(1), loop: true,
                              loopUntil: tm(9))
        let p = try Plan(composition: makeComposition([.gap(tm(12))], audioItems: [music]))
        let c = try all(p)
        #expect(c.map(\.timelineRange) == [range(tm(1), tm(3)), range(tm(4), tm(3)), range(tm(7), tm(2))])
        #expect(c.allSatisfy { $0.mediaStart == tm(2) })
        #expect(try c[2].mediaTime(at: tm(8)) == tm(3))
        // A window inside the second repetition starts mid-source.
        let mid = try p.audioContributions(samples: (5 * sr)..<(6 * sr))
        #expect(mid.map(\.mediaStart) == [tm(3)])
        #expect(mid.map(\.source) == [.audioItem(0, repetition: 1)])
    }

    @Test func voiceOverStartsAtItsSampleAndFrozenClipsAreSilent() throws {
        let vo = AudioItem(role: .voiceOver, asset: "vo", sourceRange: range(tm(1), tm(2)), at: tm(1001, 30000))
        let p = try Plan(composition: makeComposition([.clip(makeClip("a", from: .zero, length: tm(4), freeze: true))],
                                                      audioItems: [vo]))
        let c = try all(p)
        #expect(c.count == 1)
        #expect(c[0].samples == 1602..<(1602 + 2 * sr))   // ceil(1001/30000 · 48000) = ceil(1601.6)
        #expect(p.segments.map(\.audioItems) == [[0]])
    }

    @Test func audioTrackClipsContribute() throws {
        var comp = makeComposition([.clip(makeClip("a", from: .zero, length: tm(4), audio: false))])
        comp.audioTracks = [Track(kind: .audio, items: [.gap(tm(1)), .clip(makeClip("vo", from: tm(3), length: tm(2)))])]
        let c = try all(try Plan(composition: comp))
        #expect(c.map(\.asset) == ["vo"])
        #expect(c.map(\.timelineRange) == [range(tm(1), tm(2))])
    }

    @Test func segmentSamplesAreExactAt2997AndTheyAddUp() throws {
        let p = try Plan(composition: makeComposition([.clip(makeClip("a", from: .zero, length: tm(30)))],
                                                      output: makeOutput(fps: try FrameRate(30000, 1001))),
                         options: PlanOptions(segmentSeconds: q(1), minimumSegmentSeconds: q(1, 2)))
        #expect(p.totalFrames == 900)   // ceil(30 · 29.97...) = ceil(899.1)
        #expect(p.totalSamples == 900 * 1001 * 48000 / 30000)
        #expect(p.segments.map { $0.samples.count }.reduce(0, +) == Int(p.totalSamples))
        for s in p.segments { #expect(Int64(s.samples.count) == (s.frames.upperBound * 8008 / 5) - (s.frames.lowerBound * 8008 / 5)) }
    }
}
