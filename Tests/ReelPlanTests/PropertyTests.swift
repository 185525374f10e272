import ReelModel
import Testing
@testable import ReelPlan

/// Properties of the planner over several hundred random compositions (fixed seeds).
@Suite struct PropertyTests {
    static let seeds: [UInt64] = Array(1...300)

    func plan(_ seed: UInt64) throws -> (Plan, Oracle) {
        var g = RandomComposition(seed: seed)
        let (comp, options) = g.make()
        return (try Plan(composition: comp, options: options), g.oracle)
    }

    @Test(arguments: seeds) func segmentsTileFramesAndSamples(seed: UInt64) throws {
        let (p, _) = try plan(seed)
        let fps = p.composition.output.frameRate, sr = Int64(p.composition.output.audio.sampleRate)
        var f: Int64 = 0, s: Int64 = 0
        for seg in p.segments {
            #expect(seg.frames.lowerBound == f && !seg.frames.isEmpty)
            #expect(seg.samples.lowerBound == s)
            // S(f1) = floor(f1 · sr · den / num), computed here independently.
            let n = Int128(seg.frames.upperBound) * Int128(sr) * Int128(fps.denominator)
            #expect(seg.samples.upperBound == Int64(n / Int128(fps.numerator)))
            f = seg.frames.upperBound; s = seg.samples.upperBound
        }
        #expect(f == p.totalFrames)
        #expect(s == p.totalSamples)
        #expect(p.totalFrames > 0)
    }

    @Test(arguments: seeds) func noBoundaryInsideATransition(seed: UInt64) throws {
        let (p, oracle) = try plan(seed)
        let boundaries = Set(p.segments.map(\.frames.lowerBound))
        for r in oracle.transitions {
            let frames = p.clock.frames(in: r)
            for b in boundaries { #expect(!(frames.lowerBound < b && b < frames.upperBound), "boundary \(b) in \(r)") }
        }
    }

    @Test(arguments: seeds) func segmentLengthsRespectLimits(seed: UInt64) throws {
        let (p, _) = try plan(seed)
        let fps = p.clock.frameRate.rational
        let target = try (p.options.segmentSeconds * fps).floor
        let minimum = min(target, try (p.options.minimumSegmentSeconds * fps).ceil)
        for seg in p.segments where p.segments.count > 1 {
            #expect(Int64(seg.frames.count) >= min(minimum, p.totalFrames), "segment \(seg.index) \(seg.frames)")
        }
    }

    @Test(arguments: seeds) func instructionsTileAndMatchTheOracle(seed: UInt64) throws {
        let (p, oracle) = try plan(seed)
        var t = RationalTime.zero
        for i in p.instructions {
            #expect(i.timeRange.start == t && !i.timeRange.isEmpty)
            t = i.timeRange.end
        }
        #expect(t == p.duration)
        // At every frame, each clip the oracle says is visible appears in exactly one layer.
        for f in stride(from: Int64(0), to: p.totalFrames, by: 7) {
            let at = try p.clock.time(ofFrame: f)
            let expected = oracle.clips.filter { $0.extended.contains(at) }.map { "\($0.track):\($0.item)" }.sorted()
            var seen: [String] = []
            for layer in try p.frameLayers(frame: f) {
                switch layer.content {
                case .clip(let c): seen.append(key(p, c.clip))
                case .transition(_, _, let progress, let o, let i):
                    #expect(progress >= .zero && progress < .one)
                    seen += [o, i].compactMap { $0 }.map { key(p, $0.clip) }
                }
            }
            #expect(seen.sorted() == expected, "frame \(f)")
        }
    }

    func key(_ p: Plan, _ c: Int) -> String { "\(p.clips[c].track.index):\(p.clips[c].item)" }
}
