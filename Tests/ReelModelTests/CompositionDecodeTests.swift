import Testing
@testable import ReelModel

@Suite struct CompositionDecodeTests {
    /// AVFoundation's cursor arithmetic: clip i+1 starts at cursor + d_i − T_i.
    @Test func clipsStartWhereAVFoundationPutsThem() throws {
        let json = Fixtures.composition(#"""
            "videos": [\#(Fixtures.video("a", "0", "5")), \#(Fixtures.video("b", "1", "3")),
                       \#(Fixtures.video("a", "2", "4", #""speed": 2"#))],
            "transitions": [{"type": "dissolve", "duration": 1}, {"type": "push", "duration": "1/2"}]
            """#)
        let c = try Fixtures.load(json).composition
        let starts = try c.clipStarts()
        #expect(starts.map(\.start) == [.seconds(0), .seconds(4), try RationalTime(value: 13, timescale: 2)])
        #expect(starts.map(\.clip.origin) == ["videos[0]", "videos[1]", "videos[2]"])
        // The outgoing clip's track range is shortened by T·speed; the incoming one starts at its written start.
        #expect(starts[0].clip.sourceRange == (try TimeRange(start: .seconds(0), duration: .seconds(4))))
        #expect(starts[1].clip.sourceRange == (try TimeRange(start: .seconds(1), end: try RationalTime(value: 7, timescale: 2))))
        #expect(starts[2].clip.sourceRange == (try TimeRange(start: .seconds(2), duration: .seconds(4))))
        #expect(starts[2].clip.speed == (try Rational(2)))
        let transitions = c.videoTracks[0].items.compactMap { item -> Transition? in
            if case .transition(let t) = item { return t } else { return nil }
        }
        #expect(transitions == [
            Transition(kind: .dissolve, inOffset: .zero, outOffset: .seconds(1), origin: "transitions[0]"),
            Transition(kind: .push, inOffset: .zero, outOffset: try RationalTime(value: 1, timescale: 2), origin: "transitions[1]"),
        ])
        // Total length: Σd − ΣT = (5 + 3 + 2) − 1.5.
        let last = try #require(starts.last)
        #expect(try last.start + last.clip.timelineDuration() == RationalTime(value: 17, timescale: 2))
    }

    @Test func nullTransitionsUseTheDefaultAndCutsAddNothing() throws {
        let videos = [Fixtures.video("a", "0", "3"), Fixtures.video("b", "0", "3"), Fixtures.video("a", "3", "3"),
                      Fixtures.video("b", "3", "3")].joined(separator: ", ")
        let json = Fixtures.composition(#"""
            "videos": [\#(videos)], "transitions": [null, {"type": "cut"}, {"type": "wipe", "duration": "0"}],
            "defaultTransition": {"type": "wipe", "duration": "0.5"}
            """#)
        let items = try Fixtures.load(json).composition.videoTracks[0].items
        #expect(items.count == 5)
        guard case .transition(let t) = items[1] else { Issue.record("expected a transition, got \(items[1])"); return }
        let half = try RationalTime(value: 1, timescale: 2)
        #expect(t.kind == .wipe && t.outOffset == half && t.origin == "defaultTransition")
        let starts = try Fixtures.load(json).composition.clipStarts().map(\.start)
        #expect(starts == [.seconds(0), try RationalTime(value: 5, timescale: 2), try RationalTime(value: 11, timescale: 2),
                           try RationalTime(value: 17, timescale: 2)])
    }

    @Test func defaultTransitionAppliesWhenTransitionsAreOmitted() throws {
        let json = Fixtures.composition(#"""
            "videos": [\#(Fixtures.video("a", "0", "3")), \#(Fixtures.video("b", "0", "3"))],
            "defaultTransition": {"type": "dissolve", "duration": "1001/30000"}
            """#)
        let starts = try Fixtures.load(json).composition.clipStarts().map(\.start)
        #expect(starts == [.seconds(0), try RationalTime(value: 3 * 30000 - 1001, timescale: 30000)])
    }

    @Test func defaultsAndAbsolutePaths() throws {
        let json = #"{"assets": {"a": "clips/a.mp4", "b": "/abs/b.mp4"}, "videos": [\#(Fixtures.video("a", "0", "1"))]}"#
        let media = ["/media/clips/a.mp4": Fixtures.media["/media/a.mp4"]!, "/abs/b.mp4": Fixtures.media["/media/b.mp4"]!]
        let loaded = try Fixtures.load(json, prober: FakeProber(media))
        let c = loaded.composition
        #expect(c.assets["a"]?.path == "/media/clips/a.mp4")
        #expect(c.assets["b"]?.path == "/abs/b.mp4")
        #expect(c.output == OutputSettings(width: 1280, height: 720, frameRate: try FrameRate(30),
                                           video: VideoCodecSettings(codec: .h264, rateControl: .crf(23), preset: "veryfast"),
                                           audio: AudioCodecSettings(codec: .aac, sampleRate: 48000, channels: 2, bitrateKbps: 128),
                                           container: .mp4))
        let clip = try #require(try c.clipStarts().first?.clip)
        #expect(clip.speed == .one && clip.volume == .one && clip.audioEnabled)
        #expect(loaded.facts.keys.sorted() == ["a", "b"])
    }

    @Test func clipAudioFollowsTheFlagAndTheMedia() throws {
        let json = Fixtures.composition(#"""
            "videos": [\#(Fixtures.video("a", "0", "1", #""audio": false"#)), \#(Fixtures.video("silent", "0", "1")),
                       \#(Fixtures.video("b", "0", "1", #""volume": "0.5""#))]
            """#)
        let clips = try Fixtures.load(json).composition.clipStarts().map(\.clip)
        #expect(clips.map(\.audioEnabled) == [false, false, true])
        #expect(clips[2].volume == (try Rational(1, 2)))
    }

    @Test func highestSizeIsTheLargestSourceAfterRotation() throws {
        let json = Fixtures.composition(#"""
            "videos": [\#(Fixtures.video("b", "0", "1")), \#(Fixtures.video("portrait", "0", "1"))],
            "output": {"preset": "highest"}
            """#)
        let output = try Fixtures.load(json).composition.output
        #expect((output.width, output.height) == (1080, 1920))
    }

    @Test func outputSettingsAreRead() throws {
        let json = Fixtures.composition(#"""
            "videos": [\#(Fixtures.video("a", "0", "1"))],
            "output": {"width": 640, "height": 360, "frameRate": "30000/1001", "container": "mov",
                       "video": {"bitrate": 2500, "preset": "medium"},
                       "audio": {"codec": "pcm", "sampleRate": 44100, "channels": 1}}
            """#)
        let o = try Fixtures.load(json).composition.output
        #expect(o == OutputSettings(width: 640, height: 360, frameRate: try FrameRate(30000, 1001),
                                    video: VideoCodecSettings(rateControl: .bitrate(kbps: 2500), preset: "medium"),
                                    audio: AudioCodecSettings(codec: .pcm, sampleRate: 44100, channels: 1), container: .mov))
    }

    @Test func audioItemsAndTitlesKeepTheirOrigins() throws {
        let json = Fixtures.composition(#"""
            "videos": [\#(Fixtures.video("a", "0", "10"))],
            "voiceOvers": [{"asset": "vo", "sourceRange": {"start": 0, "end": "4.5"}, "at": "2"}],
            "music": {"asset": "song", "sourceRange": {"start": 0, "duration": 60}, "loop": true, "volume": "0.8",
                      "volumeAutomation": [{"from": "0.2", "to": 1, "timeRange": {"start": 5, "duration": 1}},
                                           {"from": 1, "to": "0.2", "timeRange": {"start": 1, "duration": 1}}]},
            "titles": [{"text": "Hello", "color": "#FF000080", "position": "lower-third", "size": 64,
                        "timeRange": {"start": 1, "duration": 4},
                        "scale": [{"time": 0, "value": 1}, {"time": "4", "value": "1.5"}],
                        "positionKeys": [{"time": 0, "value": {"x": "0.25", "y": "1/2"}}]}]
            """#)
        let c = try Fixtures.load(json).composition
        #expect(c.audioItems.map(\.origin) == ["voiceOvers[0]", "music"])
        #expect(c.audioItems.map(\.role) == [.voiceOver, .music])
        let music = c.audioItems[1]
        let fourFifths = try Rational(4, 5)
        #expect(music.loop && music.at == .zero && music.volume == fourFifths)
        #expect(music.automation.map(\.timeRange.start) == [.seconds(1), .seconds(5)])   // sorted by start
        let title = try #require(c.titles.first)
        #expect(title.origin == "titles[0]" && title.text == "Hello" && title.size == 64)
        #expect(title.color == RGBA(r: 255, g: 0, b: 0, a: 128))
        #expect(title.position == Point(x: try Rational(1, 2), y: try Rational(4, 5)))
        #expect(title.opacity.isEmpty)   // the classic 20% fade applies
        #expect(title.scale.map(\.value) == [.one, try Rational(3, 2)])
        #expect(title.positionKeys.first?.value == Point(x: try Rational(1, 4), y: try Rational(1, 2)))
    }

    @Test func eachAssetPathIsProbedExactlyOnce() throws {
        let json = #"{"assets": {"a": "a.mp4", "again": "./a.mp4", "b": "b.mp4"}, "videos": ["#
            + (0..<50).map { Fixtures.video($0 % 2 == 0 ? "a" : "again", "0", "1") }.joined(separator: ",") + "]}"
        let prober = FakeProber()
        _ = try Fixtures.load(json, prober: prober)
        #expect(prober.probeCounts == ["/media/a.mp4": 1, "/media/b.mp4": 1])
    }

    @Test func fiveThousandClipsLoad() throws {
        let clips = (0..<5000).map { i in Fixtures.video(i % 2 == 0 ? "a" : "b", "\(i % 4).25", "1.5") }
        let transitions = (0..<4999).map { i in i % 3 == 0 ? "null" : #"{"type": "dissolve", "duration": "0.5"}"# }
        let json = Fixtures.composition(#""videos": [\#(clips.joined(separator: ",\n"))], "transitions": [\#(transitions.joined(separator: ","))]"#)
        let c = try Fixtures.load(json).composition
        #expect(c.videoTracks[0].items.count == 5000 + transitions.filter { $0 != "null" }.count)
    }
}
