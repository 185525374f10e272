import Foundation
import Testing
@testable import ReelModel

/// Keeps docs/composition.md and schema/composition.schema.json in step with the decoder.
@Suite struct FormatDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    /// The first ```json block of the guide.
    static func guideExample() throws -> String {
        let guide = try text("docs/composition.md")
        let start = try #require(guide.range(of: "```json\n"))
        let end = try #require(guide.range(of: "```", range: start.upperBound..<guide.endIndex))
        return String(guide[start.upperBound..<end.lowerBound])
    }

    /// examples/master.json is the demo as a broadcast master: ProRes 422 HQ 1080p, 24-bit PCM in 5.1 at −23 LUFS.
    @Test func theMasterExampleIsAProResSurroundMasterAtTheEBUTarget() throws {
        let loaded = try CompositionLoader.load(data: Array(try Self.text("examples/master.json").utf8),
                                                baseDirectory: Self.root.appendingPathComponent("examples").path,
                                                prober: FakeProber([:], generic: true))
        let out = loaded.composition.output
        #expect(out.video.codec == .prores && out.video.profile == "hq" && out.container == .mov)
        #expect((out.width, out.height) == (1920, 1080))
        #expect(out.audio.codec == .pcm && out.audio.sampleFormat == .s24 && out.audio.layout == .surround51)
        #expect(out.audio.loudness == LoudnessTarget(integrated: try Rational(-23), truePeak: try Rational(-1)))
    }

    @Test func theGuideExampleLoadsAndTimesMatchItsProse() throws {
        let prober = FakeProber([:], generic: true)
        let loaded = try CompositionLoader.load(data: Array(try Self.guideExample().utf8), baseDirectory: "/work/show",
                                                prober: prober)
        let c = loaded.composition
        let starts = try c.clipStarts()
        #expect(starts.map(\.start) == [.seconds(0), .seconds(3), try RationalTime(value: 29, timescale: 2)])
        #expect(starts.map(\.clip.audioEnabled) == [true, true, false])
        let last = try #require(starts.last)
        #expect(try last.start + last.clip.timelineDuration() == RationalTime(value: 22 * 30000 + 15000 - 1001, timescale: 30000))
        #expect(c.assets["intro"]?.path == "/work/show/media/intro.mp4")
        #expect(c.audioItems.map(\.origin) == ["voiceOvers[0]", "music"])
        #expect(c.titles.count == 2 && c.titles[1].opacity.count == 4)
        #expect((c.output.width, c.output.height, c.output.frameRate) == (1920, 1080, try FrameRate(30000, 1001)))
        #expect(prober.probeCounts.count == 5 && prober.probeCounts.values.allSatisfy { $0 == 1 })
    }

    @Test func theSchemaListsExactlyTheKeysTheDecoderAccepts() throws {
        let schema = try JSONParser.parse(try Self.text("schema/composition.schema.json"))
        func keys(_ value: JSONValue?) -> [String] { value?["properties"]?.objectMembers?.map(\.key).sorted() ?? [] }
        let defs = schema["$defs"]
        #expect(keys(schema) == CompositionDocument.rootKeys.sorted())
        #expect(keys(defs?["video"]) == CompositionDocument.videoKeys.sorted())
        #expect(keys(defs?["transition"]) == CompositionDocument.transitionKeys.sorted())
        #expect(keys(defs?["voiceOver"]) == CompositionDocument.voiceOverKeys.sorted())
        #expect(keys(defs?["music"]) == CompositionDocument.musicKeys.sorted())
        #expect(keys(defs?["ramp"]) == CompositionDocument.rampKeys.sorted())
        #expect(keys(defs?["ducking"]) == CompositionDocument.duckingKeys.sorted())
        #expect(keys(defs?["title"]) == CompositionDocument.titleKeys.sorted())
        #expect(keys(defs?["output"]) == CompositionDocument.outputKeys.sorted())
        #expect(keys(defs?["output"]?["properties"]?["video"]) == CompositionDocument.videoCodecKeys.sorted())
        #expect(keys(defs?["output"]?["properties"]?["audio"]) == CompositionDocument.audioCodecKeys.sorted())
        #expect(keys(defs?["timeRange"]) == JSONFields.timeRangeKeys.sorted())
        let kinds = defs?["transition"]?["properties"]?["type"]?["enum"]?.arrayValue?.compactMap(\.stringValue)
        #expect(kinds == TransitionKind.allCases.map(\.rawValue))
        let positions = defs?["position"]?["oneOf"]?.arrayValue?.first?["enum"]?.arrayValue?.compactMap(\.stringValue)
        #expect(positions?.sorted() == CompositionFormat.namedPositions.keys.sorted())
    }
}
