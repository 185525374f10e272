import Foundation
import ReelModel
import ReelPlan
import Testing
@testable import ReelOTIO

/// Layer order and nesting agree with OpenTimelineIO.
@Suite struct FlattenTests {
    /// Loads a sample whose MissingReferences are replaced by `<clip name>.mov` stand-ins
    /// (long enough for every clip), planned with the facts of those stand-ins.
    static func plan(_ sample: String, available: (start: Int, duration: Int)? = nil) throws -> (OTIOImport, Plan) {
        let root = Support.replacingMissing(try Support.json(sample), available: available)
        var facts: [String: MediaFacts] = [:]
        for (name, _) in Support.standIns(root) {
            facts["/m/\(name)"] = try Support.facts("/m/\(name)", frames: .unit(100_000))
        }
        let prober = StaticMediaProber(facts)
        let options = OTIOImportOptions(mediaRoots: ["/m"], fileExists: { prober.facts[$0] != nil })
        let imported = try OTIOImporter.load(data: Array(root.serialized().utf8), baseDirectory: "/nowhere",
                                             options: options, prober: prober)
        return (imported, try Plan(composition: imported.composition))
    }

    /// What frame `f` shows: the top layer's asset and media time, or nil for black.
    static func top(_ plan: Plan, _ f: Int64) throws -> String? {
        guard case .clip(let c)? = try plan.frameLayers(frame: f).last?.content else { return nil }
        return "\(c.asset)@\(c.mediaTime)"
    }

    @Test func multitrackLayerOrderMatchesPreflattened() throws {
        let (_, layered) = try Self.plan("multitrack")
        let (_, flat) = try Self.plan("preflattened")
        #expect(layered.totalFrames == flat.totalFrames)
        #expect(layered.composition.videoTracks.count == 3 && flat.composition.videoTracks.count == 1)
        var mismatches: [Int64] = []
        var shown = 0
        for f in 0..<flat.totalFrames {
            let a = try Self.top(layered, f), b = try Self.top(flat, f)
            if a != b { mismatches.append(f) }
            if b != nil { shown += 1 }
        }
        #expect(mismatches.isEmpty, "first differing frames: \(mismatches.prefix(5))")
        #expect(shown > 2000)
    }

    @Test func nestedStacksTracksAndTimeEffects() throws {
        let (imported, plan) = try Self.plan("nested_example")
        #expect(plan.totalFrames == 636)
        let clips = imported.composition.videoTracks[0].items.compactMap { item -> Clip? in
            if case .clip(let c) = item { return c }
            return nil
        }
        #expect(clips.map { $0.name ?? "" } == ["Normal Clip 1", "Clip Inside A Stack 1", "Normal Clip 2",
                                                "Clip Inside A Stack 2", "Normal Clip 3", "Clip Inside A Track",
                                                "Normal Clip 4"])
        let warped = clips[3], frozen = clips[5]
        #expect(warped.speed == (try Rational(47, 55)))         // time_scalar 0.8545454551724138
        #expect(warped.sourceRange.duration == (try RationalTime(value: 24, timescale: 24)))
        #expect(frozen.freeze)
        #expect(frozen.sourceRange.duration == (try RationalTime(value: 4, timescale: 24)))
        // The nested stack with the warp still lasts its 29 frames: 24·55/47 of clip, then a gap.
        let start = try RationalTime(value: 238 + 31 + 33, timescale: 24)
        let after = try RationalTime(value: 238 + 31 + 33 + 29, timescale: 24)
        let placed = try #require(plan.clips.first { $0.clip.name == "Clip Inside A Stack 2" })
        #expect(placed.visible.start == start)
        #expect(placed.visible.duration == (try RationalTime(value: 55, timescale: 47)))   // 24 frames at 47/55 speed
        #expect(placed.visible.end < after)
        let tail = try #require(plan.instructionIndex(containing: placed.visible.end))
        #expect(plan.instructions[tail].layers.isEmpty)   // the rest of the 29 frames is a gap
    }

    @Test func negativeTrackStartOffsetsTheTrack() throws {
        let prober = try SampleOutcomeTests.prober(for: "multiple_track")
        let options = OTIOImportOptions(mediaRoots: ["/standins"], fileExists: { prober.facts[$0] != nil })
        let imported = try OTIOImporter.load(data: Support.fixture("multiple_track"), baseDirectory: "/x",
                                             options: options, prober: prober)
        let v3 = imported.composition.videoTracks[2]
        #expect(v3.items.first == .gap(try RationalTime(value: 7, timescale: 24)))
        let plan = try Plan(composition: imported.composition)
        #expect(try plan.frameLayers(frame: 6).map(\.track.index) == [0])
        #expect(try plan.frameLayers(frame: 7).map(\.track.index) == [0, 1, 2])
        guard case .clip(let top)? = try plan.frameLayers(frame: 7).last?.content else { Issue.record("no clip"); return }
        #expect(imported.composition.assets[top.asset]?.path == "/standins/punchline.mov")
        #expect(top.mediaTime == .zero)   // Clip-005 plays from its first frame (sr 100 = available 100)
    }

    @Test func leadingTransitionFadesInFromNothing() throws {
        // Stand-ins whose media starts 10 frames before each clip's source range: the handles.
        let (imported, plan) = try Self.plan("transition_test", available: (start: -10, duration: 70))
        #expect(plan.totalFrames == 170)
        let first = try #require(plan.transitions.first)
        #expect(first.outgoing == nil)
        #expect(first.range == (try TimeRange(start: .zero, duration: RationalTime(value: 20, timescale: 24))))
        let last = try #require(plan.transitions.last)
        #expect(last.incoming == nil)
        #expect(last.range.end == (try RationalTime(value: 170, timescale: 24)))
        #expect(imported.warnings.contains { $0.contains("fades in from nothing") })
    }
}
