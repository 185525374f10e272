import ReelModel
import Testing
@testable import ReelPlan

/// "A hash changes if and only if its segment's inputs changed", over random compositions.
/// Which segments an edit touches is computed from the generator's oracle, not by the planner.
@Suite struct HashPropertyTests {
    static let seeds: [UInt64] = Array(1001...1200)

    func changed(_ a: Plan, _ b: Plan) -> Set<Int> {
        #expect(a.segments.map(\.frames) == b.segments.map(\.frames), "an in-place edit must keep the boundaries")
        return Set(zip(a.segments, b.segments).filter { $0.contentHash != $1.contentHash }.map { $0.0.index })
    }

    /// Segments whose frames show, or whose samples hear, timeline range `r`.
    func touching(_ p: Plan, _ r: TimeRange, audible: Bool) -> Set<Int> {
        let frames = p.clock.frames(in: r), samples = p.clock.samples(in: r)
        return Set(p.segments.filter { $0.frames.overlaps(frames) || (audible && $0.samples.overlaps(samples)) }.map(\.index))
    }

    @Test(arguments: seeds) func retrimmingAClipChangesExactlyTheSegmentsItTouches(seed: UInt64) throws {
        var g = RandomComposition(seed: seed)
        var (comp, options) = g.make()
        let before = try Plan(composition: comp, options: options)
        let target = g.oracle.clips[Int(seed) % g.oracle.clips.count]
        guard case .clip(var clip) = comp.videoTracks[target.track].items[target.item] else {
            Issue.record("oracle points at a non-clip"); return
        }
        clip.sourceRange = try clip.sourceRange.shifted(by: tm(Int64(seed % 7) + 1, 600))
        comp.videoTracks[target.track].items[target.item] = .clip(clip)
        let after = try Plan(composition: comp, options: options)
        #expect(changed(before, after) == touching(before, target.extended, audible: target.audible))
    }

    @Test(arguments: seeds) func editingATitleChangesExactlyTheSegmentsShowingIt(seed: UInt64) throws {
        var g = RandomComposition(seed: seed)
        var (comp, options) = g.make()
        comp.titles.append(makeTitle("extra", range(tm(Int64(seed % 5)), tm(3, 2))))
        let before = try Plan(composition: comp, options: options)
        let i = Int(seed) % comp.titles.count
        comp.titles[i].text = "edited"
        let after = try Plan(composition: comp, options: options)
        #expect(changed(before, after) == touching(before, comp.titles[i].timeRange, audible: false))
    }

    @Test(arguments: seeds.prefix(50)) func changingTheVoiceOverVolumeChangesExactlyTheSegmentsHearingIt(seed: UInt64) throws {
        var g = RandomComposition(seed: seed)
        var (comp, options) = g.make()
        let vo = AudioItem(role: .voiceOver, asset: "vo", sourceRange: range(tm(1), tm(5, 2)), at: tm(Int64(seed % 4) + 1, 3))
        comp.audioItems.append(vo)
        let before = try Plan(composition: comp, options: options)
        comp.audioItems[comp.audioItems.count - 1].volume = q(3, 4)
        let after = try Plan(composition: comp, options: options)
        let heard = try TimeRange(start: vo.at, duration: vo.sourceRange.duration)
        let expected = Set(before.segments.filter { $0.samples.overlaps(before.clock.samples(in: heard)) }.map(\.index))
        #expect(changed(before, after) == expected)
    }

    @Test(arguments: seeds.prefix(50)) func outputSettingsAndRendererVersionChangeEveryHash(seed: UInt64) throws {
        var g = RandomComposition(seed: seed)
        var (comp, options) = g.make()
        let before = try Plan(composition: comp, options: options)
        #expect(changed(before, try Plan(composition: comp, options: options)).isEmpty)
        options.rendererVersion = "other"
        #expect(changed(before, try Plan(composition: comp, options: options)) == Set(before.segments.indices))
        options.rendererVersion = PlanOptions().rendererVersion
        comp.output.video.rateControl = .crf(18)
        #expect(changed(before, try Plan(composition: comp, options: options)) == Set(before.segments.indices))
    }

    /// A loudness target and a PCM sample format are stitch settings: the parts are the same float PCM either way.
    @Test(arguments: seeds.prefix(10)) func stitchSettingsChangeNoHash(seed: UInt64) throws {
        var g = RandomComposition(seed: seed)
        var (comp, options) = g.make()
        let before = try Plan(composition: comp, options: options)
        comp.output.audio.loudness = LoudnessTarget(integrated: try Rational(-23), truePeak: try Rational(-2))
        comp.output.audio.sampleFormat = .s24
        #expect(changed(before, try Plan(composition: comp, options: options)).isEmpty)
    }

    @Test func hashesAreDistinctAcrossSegmentsOfDifferentContent() throws {
        var g = RandomComposition(seed: 7)
        let (comp, options) = g.make()
        let p = try Plan(composition: comp, options: options)
        #expect(p.segments.allSatisfy { $0.contentHash.count == 64 })
        #expect(Set(p.segments.map(\.contentHash)).count == p.segments.count)
    }
}
