import Foundation
import ReelModel
import ReelPlan
import Testing
@testable import ReelOTIO

/// Every sample in Fixtures/ (copied from ../shared/otio-samples) either plans or fails with a
/// precise message, (a) with stand-ins of the right names and durations and (b) with --offline slate.
/// The table in docs/otio.md lists the same outcomes.
@Suite struct SampleOutcomeTests {
    enum Outcome: Sendable {
        /// Plans, with this many output frames.
        case plans(frames: Int64)
        /// Fails listing these clips (each line contains the text), and only these.
        case missing([String])
        /// Fails with an invalid-timeline problem containing the text.
        case invalid(String)
    }

    static let missingRef = "MissingReference (the file names no media)"

    static let withStandIns: [String: Outcome] = [
        "big_int": .plans(frames: 24),
        "clip_example": .missing(["V1 item 1 \"Clip-001\": \(missingRef)"]),
        "gaps": .plans(frames: 1380),
        "generator_reference_test": .plans(frames: 50),
        "image_sequence_example": .missing(["V1 item 0 \"sample_sequence\": ImageSequenceReference.1 media references are not rendered"]),
        "multiple_track": .plans(frames: 19),
        "multitrack": .missing(["V1 item 0 \"tech.fux (loop)-HD.mp4\"", "V1 item 2 \"out-b (loop)-HD.mp4\"",
                                "V1 item 4 \"brokchrd (loop)-HD.mp4\"", "V2 item 1 \"t-hawk (loop)-HD.mp4\"",
                                "V3 item 1 \"KOLL-HD.mp4\""]),
        "nested_example": .missing(["V1 item 0 \"Normal Clip 1\"", "V1 item 1.0 \"Clip Inside A Stack 1\"",
                                    "V1 item 2 \"Normal Clip 2\"", "V1 item 3.0 \"Clip Inside A Stack 2\"",
                                    "V1 item 4 \"Normal Clip 3\"", "V1 item 5.0 \"Clip Inside A Track\"",
                                    "V1 item 6 \"Normal Clip 4\""]),
        "no_metadata": .missing(["A1 item 0 \"ppjoshm_1 (SIM1)\": plays media frames 0 to 10 at 24 fps, but "
                                 + "\"/standins/one_clip.aaf\" holds frames 1 to 193"]),
        "preflattened": .missing(["V1 item 0", "V1 item 1", "V1 item 2", "V1 item 3", "V1 item 5"]),
        "premiere_example": .plans(frames: 1271),
        "screening_example": .invalid("V1: its source_range (frames -86243 to -85194 at 24 fps) lies wholly outside its content (frames 0 to 1049)"),
        "screening_example_marker3": .invalid("V1: its source_range (frames -86243 to -85194 at 24 fps) lies wholly outside"),
        "simple_cut": .plans(frames: 19),
        "transition": .missing(["V1 item 1 \"Clip-002\": plays media frames 2 to 11 (with transition handles) at 24 fps, "
                                + "but \"/standins/wind-up.mov\" holds frames 0 to 9"]),
        "transition_test": .missing(["V1 item 1 \"A\"", "V1 item 3 \"B\"", "V1 item 4 \"C\""]),
    ]

    static let withSlates: [String: Int64?] = [
        "big_int": 24, "clip_example": 19, "gaps": 1380, "generator_reference_test": 50, "image_sequence_example": 30,
        "multiple_track": 19, "multitrack": 3282, "nested_example": 636, "no_metadata": 10, "preflattened": 3282,
        "premiere_example": 1271, "screening_example": nil, "screening_example_marker3": nil, "simple_cut": 19,
        "transition": 19, "transition_test": 170,
    ]

    /// Stand-in media of the right names and durations: facts for `/standins/<file name>`.
    static func prober(for sample: String) throws -> StaticMediaProber {
        var facts: [String: MediaFacts] = [:]
        for (name, s) in Support.standIns(try Support.json(sample)) {
            let path = "/standins/\(name)"
            facts[path] = try Support.facts(path, frames: s.frames, rate: s.rate, video: !name.hasSuffix(".wav"))
        }
        return StaticMediaProber(facts)
    }

    /// The import's outcome. Setting it up (reading the sample, making its stand-ins) must succeed: a
    /// failure there throws, and fails the test, instead of turning into an import outcome.
    static func load(_ sample: String, slates: Bool) throws -> Result<OTIOImport, OTIOError> {
        let prober = try prober(for: sample)
        let options = OTIOImportOptions(mediaRoots: ["/standins"], offlineSlates: slates,
                                        fileExists: { prober.facts[$0] != nil })
        let bytes = try Support.fixture(sample)
        let base = try Support.fixtureURL(sample).deletingLastPathComponent().path
        return Result { () throws(OTIOError) in
            try OTIOImporter.load(data: bytes, baseDirectory: base, options: options, prober: prober)
        }
    }

    @Test(arguments: Support.samples)
    func standInOutcome(_ sample: String) throws {
        let expected = try #require(Self.withStandIns[sample])
        let result = try Self.load(sample, slates: false)
        switch (expected, result) {
        case (.plans(let frames), .success(let imported)):
            #expect(try Plan(composition: imported.composition).totalFrames == frames)
            #expect(imported.offline.isEmpty)
        case (.missing(let clips), .failure(.missingMedia(let pieces))):
            #expect(pieces.count == clips.count, "\(pieces)")
            for (piece, text) in zip(pieces, clips) { #expect(piece.description.contains(text), "\(piece)") }
        case (.invalid(let text), .failure(.invalid(let problems))):
            #expect(problems.contains { $0.description.contains(text) }, "\(problems)")
        default:
            Issue.record("\(sample): expected \(expected), got \(result)")
        }
    }

    @Test(arguments: Support.samples)
    func slateOutcome(_ sample: String) throws {
        let expected = try #require(Self.withSlates[sample])
        let result = try Self.load(sample, slates: true)
        switch (expected, result) {
        case (let frames?, .success(let imported)):
            #expect(try Plan(composition: imported.composition).totalFrames == frames)
            if case .missing(let clips)? = Self.withStandIns[sample] { #expect(imported.offline.count == clips.count) }
        case (nil, .failure(.invalid)):
            break
        default:
            Issue.record("\(sample): expected \(String(describing: expected)) frames, got \(result)")
        }
    }

    @Test func slatesNameTheClipAndHideUnderHigherTracks() throws {
        let imported = try Self.load("multitrack", slates: true).get()
        let texts = imported.composition.titles.compactMap(\.text)
        #expect(texts.contains("MEDIA OFFLINE — KOLL-HD.mp4"))
        // V1's first clip (0..<720) lies under V2's t-hawk (482..<962): its slate stops at 482.
        let first = try #require(imported.composition.titles.first { $0.text == "MEDIA OFFLINE — tech.fux (loop)-HD.mp4" })
        #expect(first.timeRange.duration == (try RationalTime(value: 482, timescale: 24)))
        #expect(imported.warnings.contains { $0.contains("5 clip(s) rendered as MEDIA OFFLINE") })
    }

    @Test func premiereMarkersAndGeneratorTitle() throws {
        let imported = try Self.load("premiere_example", slates: false).get()
        let markers = imported.composition.markers
        #expect(markers.map(\.name) == ["My MArker 1", "", "", "dsf"])
        #expect(markers.first?.time == (try RationalTime(value: 113, timescale: 30)))
        #expect(imported.composition.titles.contains { $0.text == "Slug — test_title" })
        #expect(imported.composition.videoTracks.count == 4 && imported.composition.audioTracks.count == 4)
        #expect(imported.composition.output.frameRate == (try FrameRate(30)))
    }
}
