import Testing
@testable import ReelModel

@Suite struct CompositionJSONTests {
    static func load(_ bytes: [UInt8]) throws -> Composition {
        try CompositionLoader.load(data: bytes, baseDirectory: "/work/show", prober: FakeProber([:], generic: true)).composition
    }

    /// Transition origins name where a transition was written ("defaultTransition"); encoding spells each one out.
    static func withoutTransitionOrigins(_ c: Composition) -> Composition {
        var c = c
        c.videoTracks[0].items = c.videoTracks[0].items.map { item in
            guard case .transition(var t) = item else { return item }
            t.origin = ""
            return .transition(t)
        }
        return c
    }

    @Test func encodingRoundTripsTheGuideExample() throws {
        let original = try Self.load(Array(try FormatDocumentationTests.guideExample().utf8))
        let json = try CompositionJSON.encode(original)
        let decoded = try Self.load(json)
        #expect(Self.withoutTransitionOrigins(decoded) == Self.withoutTransitionOrigins(original))
        #expect(try CompositionJSON.encode(decoded) == json)   // canonical: a fixed point
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains(#""start": "1001/30000""#))
        #expect(text.contains(#""type": "push""#))
    }

    @Test("a PCM sample format is written back, and the default f32 leaves the audio object as it was")
    func sampleFormatRoundTrips() throws {
        var original = try Self.load(Array(try FormatDocumentationTests.guideExample().utf8))
        original.output.container = .mov
        original.output.audio.codec = .pcm
        let plain = String(decoding: try CompositionJSON.encode(original), as: UTF8.self)
        #expect(!plain.contains("sampleFormat"))
        original.output.audio.sampleFormat = .s24
        let json = try CompositionJSON.encode(original)
        #expect(String(decoding: json, as: UTF8.self).contains(#""sampleFormat": "s24""#))
        #expect(try Self.load(json).output.audio.sampleFormat == .s24)
    }

    @Test("a loudness target is written back exactly, and none leaves the audio object as it was")
    func loudnessRoundTrips() throws {
        var original = try Self.load(Array(try FormatDocumentationTests.guideExample().utf8))
        #expect(!String(decoding: try CompositionJSON.encode(original), as: UTF8.self).contains("loudness"))
        original.output.audio.loudness = LoudnessTarget(integrated: try Rational(-47, 2), truePeak: try Rational(-3, 2))
        let json = try CompositionJSON.encode(original)
        #expect(String(decoding: json, as: UTF8.self).contains(#""integrated": "-23.5""#))
        #expect(try Self.load(json).output.audio.loudness == original.output.audio.loudness)
        #expect(try CompositionJSON.encode(try Self.load(json)) == json)
    }

    @Test("a loudness object with only the target takes a -1 dBTP ceiling and bs1770-4, from a string or a number")
    func loudnessDefaults() throws {
        for value in [#""-23""#, "-23"] {
            let loudness = #""output": {"audio": {"loudness": {"integrated": \#(value)}}}"#
            let json = Fixtures.composition(#""videos": [\#(Fixtures.video("a", "0", "2"))], \#(loudness)"#)
            let target = try #require(try Self.load(Array(json.utf8)).output.audio.loudness)
            #expect(target == LoudnessTarget(integrated: try Rational(-23), truePeak: try Rational(-1), standard: .bs1770_4))
        }
    }

    @Test("video codec settings round-trip; today's H.264 output is written exactly as before",
          arguments: [(VideoCodec.h264, Container.mp4, "high10" as String?, 10, ChromaFormat.yuv420), (.h264, .mov, "high422", 10, .yuv422),
                      (.hevc, .mkv, nil, 10, .yuv420), (.prores, .mov, "4444xq", 8, .yuv420), (.dnxhr, .mxf, "hqx", 8, .yuv420),
                      (.av1, .mkv, nil, 10, .yuv420)])
    func videoCodecRoundTrips(codec: VideoCodec, container: Container, profile: String?, bitDepth: Int,
                              chroma: ChromaFormat) throws {
        var original = try Self.load(Array(try FormatDocumentationTests.guideExample().utf8))
        let plain = String(decoding: try CompositionJSON.encode(original), as: UTF8.self)
        #expect(!plain.contains("bitDepth") && !plain.contains("chroma") && !plain.contains("profile"))
        var video = VideoCodecSettings(codec: codec, rateControl: codec.isIntraOnly ? .crf(23) : .crf(30),
                                       preset: codec == .av1 ? "6" : codec.isIntraOnly ? "veryfast" : "fast")
        video.profile = profile
        video.bitDepth = bitDepth
        video.chroma = chroma
        original.output.video = video
        original.output.container = container
        if container == .mxf { original.output.audio.codec = .pcm; original.output.audio.sampleFormat = .s24 }
        let json = try CompositionJSON.encode(original)
        let back = try Self.load(json).output.video
        #expect(back == video, "\(String(decoding: json, as: UTF8.self))")
    }

    @Test("output.video.threads is read, written back, and left out where not set")
    func videoThreadsRoundTrip() throws {
        var original = try Self.load(Array(try FormatDocumentationTests.guideExample().utf8))
        #expect(original.output.video.threads == nil)
        #expect(original.output.video.encoderThreads == VideoCodecSettings.defaultThreads)
        #expect(!String(decoding: try CompositionJSON.encode(original), as: UTF8.self).contains("threads"))
        original.output.video.threads = 1
        let json = try CompositionJSON.encode(original)
        #expect(String(decoding: json, as: UTF8.self).contains(#""threads""#))
        let back = try Self.load(json).output.video
        #expect(back.threads == 1 && back.encoderThreads == 1)
    }

    @Test func handlesAreGivenBackToTheWrittenRange() throws {
        let json = Fixtures.composition(#"""
            "videos": [\#(Fixtures.video("a", "1", "5", #""speed": 2"#)), \#(Fixtures.video("b", "0", "2"))],
            "transitions": [{"type": "wipe", "duration": "0.5"}]
            """#)
        let encoded = try CompositionJSON.encodeValue(try Fixtures.load(json).composition)
        let first = try #require(encoded["videos"]?.arrayValue?.first)
        #expect(first["sourceRange"] == .object([JSONMember(key: "start", value: .string("1")),
                                                 JSONMember(key: "duration", value: .string("5"))]))
        #expect(encoded["transitions"]?.arrayValue?.first?["duration"] == .string("0.5"))
    }

    @Test func refusesWhatTheFormatCannotExpress() throws {
        let clip = Clip(asset: "a", sourceRange: try TimeRange(start: .zero, duration: .seconds(1)), origin: "tracks[0][0]")
        let gap = Composition(assets: ["a": Asset(id: "a", path: "/a.mp4")],
                              videoTracks: [Track(kind: .video, items: [.clip(clip), .gap(.seconds(1)), .clip(clip)])],
                              output: OutputSettings(width: 640, height: 480, frameRate: try FrameRate(25)))
        #expect(throws: ModelError.invalidTime(path: "", message: "cannot be written in the composition format: a gap cannot be written")) {
            try CompositionJSON.encode(gap)
        }
        var frozen = gap
        var still = clip
        still.freeze = true
        frozen.videoTracks[0].items = [.clip(still)]
        #expect(throws: ModelError.self) { try CompositionJSON.encode(frozen) }
    }
}
