import Testing
@testable import ReelModel

private typealias F = Fixtures

/// The standard media plus a 4000×3000 photo and a 9000×9000 still (too large).
private let prober: FakeProber = {
    var media = F.media
    for (name, w, h) in [("photo.jpg", 4000, 3000), ("huge.png", 9000, 9000)] {
        var facts = F.makeFacts("/media/\(name)", seconds: 0, video: (w, h, 0), audio: false)
        facts.video?.isStill = true
        media["/media/\(name)"] = facts
    }
    return FakeProber(media)
}()

private func composition(_ body: String) -> String {
    #"{"assets": {"a": "a.mp4", "photo": "photo.jpg", "huge": "huge.png", "vo": "vo.wav"}, "# + body + "}"
}

private func diagnostics(_ json: String) -> [String] {
    CompositionLoader.validate(data: Array(json.utf8), baseDirectory: F.base, prober: prober).map(\.description)
}

/// Still images as clips: `duration` instead of `sourceRange`, a frozen clip without audio, and every
/// wrong use named by its JSON path.
@Suite struct StillImageDecodeTests {
    @Test func aStillClipShowsItsPictureForItsDuration() throws {
        let json = composition(#""videos": [{"asset": "photo", "duration": "2.5"}, {"asset": "a", "sourceRange": {"start": 0, "duration": 2}}], "transitions": [{"type": "dissolve", "duration": "0.5"}]"#)
        let c = try CompositionLoader.load(data: Array(json.utf8), baseDirectory: F.base, prober: prober).composition
        let starts = try c.clipStarts()
        let photo = starts[0].clip
        #expect(photo.freeze && !photo.audioEnabled)
        // The outgoing still gives its last 0.5 s to the dissolve, as a video clip would.
        #expect(photo.sourceRange == (try TimeRange(start: .zero, duration: .seconds(2))))
        #expect(try starts[1].start == RationalTime(value: 2, timescale: 1))
        #expect(starts[1].clip.audioEnabled && !starts[1].clip.freeze)
    }

    @Test(arguments: [
        (#"{"asset": "photo", "sourceRange": {"start": 0, "duration": 2}}"#,
         [#"videos[0].sourceRange: asset "photo" is a still image; give "duration" instead of "sourceRange""#]),
        (#"{"asset": "photo", "duration": "2", "speed": 2}"#, [#"videos[0].speed: asset "photo" is a still image, which has no speed"#]),
        (#"{"asset": "photo", "duration": "2", "audio": true}"#, [#"videos[0].audio: /media/photo.jpg: asset "photo" has no audio stream"#]),
        (#"{"asset": "a", "duration": "2"}"#, [#"videos[0].duration: asset "a" is a video, not a still image; give "sourceRange""#]),
        (#"{"asset": "photo", "duration": "0"}"#, ["videos[0].duration: must be positive, got 0.0 s"]),
        (#"{"asset": "photo", "duration": "2", "sourceRange": {"start": 0, "duration": 2}}"#,
         [#"videos[0]: give either "sourceRange" or "duration" (for a still image), not both"#]),
        (#"{"asset": "huge", "duration": "1"}"#,
         [#"videos[0].asset: still image "huge" is 9000×9000 pixels; at most 8192×8192 (67108864 pixels) are allowed"#]),
    ])
    func wrongUsesAreNamedByPath(_ video: String, _ expected: [String]) {
        #expect(diagnostics(composition(#""videos": [\#(video)]"#)) == expected)
    }

    @Test func aStillHasNoAudioForVoiceOvers() {
        let json = composition(#""videos": [{"asset": "a", "sourceRange": {"start": 0, "duration": 1}}], "voiceOvers": [{"asset": "photo", "sourceRange": {"start": 0, "duration": 1}, "at": 0}]"#)
        #expect(diagnostics(json) == [#"voiceOvers[0].asset: /media/photo.jpg: asset "photo" has no audio stream"#])
    }
}
