import ReelTestSupport
import Testing
@testable import ReelModel

@Suite struct TimeArithmeticTests {
    static let ntsc = try! FrameRate(30000, 1001)
    static let film = try! FrameRate(24000, 1001)

    @Test(arguments: [ntsc, film, try! FrameRate(25), try! FrameRate(60000, 1001)])
    func frameTimeRoundTrips(rate: FrameRate) throws {
        for f in Array(0..<2000) + [107_892, 1_000_000, 86_400 * 30] {
            let f = Int64(f)
            let t = try rate.time(ofFrame: f)
            #expect(try rate.frame(containing: t) == f)
            #expect(try rate.frame(atOrAfter: t) == f)
            // Just before a frame starts still belongs to the previous frame.
            let before = try t - RationalTime(value: 1, timescale: 1_000_000)
            if f > 0 { #expect(try rate.frame(containing: before) == f - 1) }
        }
    }

    @Test func ntscFrameTimesAreExact() throws {
        let r = Self.ntsc
        #expect(try r.time(ofFrame: 1) == RationalTime(value: 1001, timescale: 30000))
        #expect(try r.time(ofFrame: 30) == RationalTime(value: 1001, timescale: 1000))
        #expect(try r.frameCount(of: .seconds(1)) == 30)          // 29.97 frames start inside [0, 1)
        #expect(try r.frameCount(of: .seconds(1001)) == 30000)    // exactly
        #expect(try r.frameCount(of: .seconds(60)) == 1799)       // 1798.2 → 1799 frames start inside
    }

    @Test func filmFrameTimesAreExact() throws {
        let r = Self.film
        #expect(try r.time(ofFrame: 24) == RationalTime(value: 1001, timescale: 1000))
        #expect(try r.frameCount(of: .seconds(1001)) == 24000)
        #expect(try r.frame(containing: .seconds(10)) == 239)     // 239.76
        #expect(try r.frame(atOrAfter: .seconds(10)) == 240)
    }

    /// At 29.97 fps and 48 kHz one frame is 1601.6 samples: whole every 5 frames.
    @Test func samplesPerFrameAt48kNTSC() throws {
        let r = Self.ntsc
        let s = try (0...10).map { try r.sampleIndex(ofFrame: $0, sampleRate: 48000) }
        #expect(s == [0, 1601, 3203, 4804, 6406, 8008, 9609, 11211, 12812, 14414, 16016])
        for k in Int64(0)..<200 { #expect(try r.sampleIndex(ofFrame: 5 * k, sampleRate: 48000) == 8008 * k) }
    }

    @Test(arguments: [
        (ntsc, Int32(44100), Int64(100), Int64(147_147)),   // 1471.47 samples a frame
        (film, Int32(44100), Int64(8), Int64(14_714)),      // 1839.3375 a frame
        (film, Int32(48000), Int64(24), Int64(48_048)),     // 2002 a frame
        (try! FrameRate(25), Int32(48000), Int64(7), Int64(13_440)),
        (try! FrameRate(30), Int32(44100), Int64(1), Int64(1470)),
    ])
    func sampleIndex(rate: FrameRate, sampleRate: Int32, frame: Int64, expected: Int64) throws {
        #expect(try rate.sampleIndex(ofFrame: frame, sampleRate: sampleRate) == expected)
    }

    /// Segments `[f_k, f_{k+1})` get `S(f_{k+1}) − S(f_k)` samples; the counts add up to `S(total)`.
    @Test(arguments: [Int32(44100), Int32(48000)])
    func segmentSampleCountsAddUp(sampleRate: Int32) throws {
        for rate in [Self.ntsc, Self.film] {
            var cuts: [Int64] = [0]
            var rng = SplitMix64(seed: UInt64(sampleRate))
            while cuts.last! < 10_000 { cuts.append(cuts.last! + Int64(rng.next() % 97) + 1) }
            let counts = try zip(cuts, cuts.dropFirst()).map { a, b in
                try rate.sampleIndex(ofFrame: b, sampleRate: sampleRate) - rate.sampleIndex(ofFrame: a, sampleRate: sampleRate)
            }
            #expect(counts.reduce(0, +) == (try rate.sampleIndex(ofFrame: cuts.last!, sampleRate: sampleRate)))
            // No segment is off by more than one sample from its ideal length.
            for (count, (a, b)) in zip(counts, zip(cuts, cuts.dropFirst())) {
                let ideal = try Rational(b - a) * Rational(Int64(sampleRate)) / rate.rational
                #expect(count == ideal.floor || count == ideal.ceil)
            }
        }
    }

    @Test func mixedTimescalesAreExact() throws {
        #expect(try RationalTime(value: 1, timescale: 30) + RationalTime(value: 1, timescale: 25)
                == RationalTime(value: 11, timescale: 150))
        #expect(try RationalTime(value: 1, timescale: 2) == RationalTime(value: 2, timescale: 4))
        let frame = try RationalTime(value: 1001, timescale: 30000)
        var t = RationalTime.zero
        for _ in 0..<30000 { t = try t + frame }
        #expect(t == .seconds(1001))
        #expect(try RationalTime(value: 1, timescale: 48000) < RationalTime(value: 1, timescale: 44100))
    }

    @Test func overflowIsAnErrorNeverAWrap() throws {
        let big = try RationalTime(value: .max, timescale: 1)
        #expect(throws: ModelError.self) { try big + .seconds(1) }
        #expect(throws: ModelError.self) { try RationalTime(value: .min, timescale: 1) - .seconds(1) }
        #expect(throws: ModelError.self) { try big + RationalTime(value: 1, timescale: 3) }
        #expect(throws: ModelError.self) { try Self.ntsc.time(ofFrame: .max) }
        #expect(throws: ModelError.self) { try RationalTime(Rational(1, 3_000_000_000)) }
        #expect(throws: ModelError.self) { try Rational(.min, -1) }
        #expect(throws: ModelError.self) { try Rational(.max) * Rational(2) }
        #expect(throws: ModelError.self) { try RationalTime(value: 1, timescale: 0) }
        #expect(throws: ModelError.self) { try FrameRate(30, 0) }
        #expect(throws: ModelError.self) { try Self.ntsc.sampleIndex(ofFrame: .max, sampleRate: 48000) }
    }

    @Test func timeRangeRelations() throws {
        let a = try TimeRange(start: .seconds(0), duration: .seconds(4))
        let b = try TimeRange(start: .seconds(2), end: .seconds(6))
        let c = try TimeRange(start: .seconds(4), duration: .seconds(1))
        #expect(a.overlaps(b) && !a.overlaps(c))
        #expect(a.intersection(b) == (try TimeRange(start: .seconds(2), end: .seconds(4))))
        #expect(a.union(c).end == .seconds(5))
        #expect(throws: ModelError.self) { try TimeRange(start: .seconds(3), end: .seconds(2)) }
    }

    @Test func diagnosticSecondsKeepOneDecimal() throws {
        #expect(RationalTime.seconds(6).diagnosticText == "6.0 s")
        #expect(try RationalTime(value: 15, timescale: 2).diagnosticText == "7.5 s")
        #expect(try RationalTime(value: 1001, timescale: 30000).diagnosticText == "0.0334 s")
        #expect(try RationalTime(value: -3, timescale: 2).diagnosticText == "-1.5 s")
    }
}

