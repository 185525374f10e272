import Testing
@testable import ReelModel

private typealias F = Fixtures

private let a5 = F.video("a", "0", "5")

private func title(_ members: String) -> String {
    F.composition(#""videos": [\#(a5)], "titles": [{"timeRange": {"start": 0, "duration": 2}, \#(members)}]"#)
}

private func keys(_ count: Int, _ value: (Int) -> String) -> String {
    "[" + (0..<count).map { #"{"time": "\#($0)/10000", "value": \#(value($0))}"# }.joined(separator: ", ") + "]"
}

/// Every bound of `CompositionLimits`, each with the exact diagnostic (JSON path + sentence).
private let outOfBounds: [(String, [String])] = [
    (F.composition(#""videos": [\#(F.video("a", "0", "5", #""speed": 1000000000"#))]"#),
     ["videos[0].speed: must be between 0.01 and 100, got 1000000000"]),
    (F.composition(#""videos": [\#(F.video("a", "0", "1", #""speed": "1/1000""#))]"#),
     ["videos[0].speed: must be between 0.01 and 100, got 0.001"]),
    (F.composition(#""videos": [\#(F.video("a", "0", "5", #""volume": 1000"#))]"#),
     ["videos[0].volume: must be at most 100 (+40 dB), got 1000"]),
    (F.composition(#""videos": [\#(a5)], "music": {"asset": "song", "sourceRange": {"start": 0, "duration": "1/1000"}, "loop": true}"#),
     ["music.sourceRange: a looping item repeats its source range, which must last at least 0.1 s, got 0.001 s"]),
    (F.composition(#""videos": [\#(a5)], "music": {"asset": "song", "sourceRange": {"start": 0, "duration": 5}, "volumeAutomation": [{"from": 1, "to": 500, "timeRange": {"start": 0, "duration": 1}}]}"#),
     ["music.volumeAutomation[0].to: must be at most 100 (+40 dB), got 500"]),
    (title(#""text": "Hi", "position": {"x": "9000000000000000000", "y": "0.5"}"#),
     ["titles[0].position.x: must be between -10 and 10 (0 to 1 spans the frame), got 9000000000000000000"]),
    (title(#""text": "Hi", "positionKeys": [{"time": 0, "value": {"x": "0.5", "y": "-11"}}]"#),
     ["titles[0].positionKeys[0].value.y: must be between -10 and 10 (0 to 1 spans the frame), got -11"]),
    (title(#""text": "Hi", "scale": [{"time": 0, "value": 21}]"#),
     ["titles[0].scale[0].value: must be above 0 and at most 20, got 21"]),
    (title(#""text": "\#(String(repeating: "x", count: 1001))""#),
     ["titles[0].text: is 1001 characters long; a title may have at most 1000"]),
    (title(#""text": "\#(String(repeating: "a\\n", count: 50))b""#),
     ["titles[0].text: has 51 lines; a title may have at most 50"]),
    (title(#""text": "Hi", "size": 2000, "scale": [{"time": 0, "value": 3}]"#),
     ["titles[0].size: size 2000 at scale 3 is 6000 pixels; size × scale may be at most 4096"]),
    (title(#""text": "\#(String(repeating: "x", count: 200))", "scale": [{"time": 0, "value": 5}]"#),
     ["titles[0].text: at size 48 and scale 5 the title needs about 48000 × 360 pixels; a title may cover at most 4096 × 4096: shorten the lines or lower the size or scale"]),
    (title(#""text": "Hi", "opacity": \#(keys(10_001) { _ in "1" })"#),
     ["titles[0].opacity: has 10001 keyframes; at most 10000 are allowed"]),
]

@Suite struct CompositionLimitsTests {
    @Test(arguments: outOfBounds)
    func reportsTheBoundWithItsPath(json: String, expected: [String]) {
        #expect(Fixtures.diagnostics(json) == expected)
    }

    @Test func theBoundsThemselvesAreAccepted() {
        let json = F.composition(#"""
            "videos": [\#(F.video("a", "0", "5", #""speed": 100"#)), \#(F.video("a", "0", "1", #""speed": "1/100""#))],
            "music": {"asset": "song", "sourceRange": {"start": 0, "duration": "0.1"}, "loop": true, "volume": 100},
            "titles": [{"timeRange": {"start": 0, "duration": 2}, "text": "Hi",
                        "size": 100, "position": {"x": "-10", "y": "10"}, "scale": [{"time": 0, "value": 20}]}]
            """#)
        #expect(Fixtures.diagnostics(json) == [])
    }

    @Test func titleImagesAndFontsAreCheckedWithTheirPaths() {
        let json = F.composition(#"""
            "videos": [\#(a5)],
            "titles": [{"timeRange": {"start": 0, "duration": 1}, "image": "missing-logo.png", "font": "missing/Font.ttf"},
                       {"timeRange": {"start": 1, "duration": 1}, "text": "Hi", "font": "DejaVu Sans"}]
            """#)
        #expect(Fixtures.diagnostics(json) == [
            #"titles[0].image: cannot use "/media/missing-logo.png": No such file or directory"#,
            #"titles[0].font: cannot use "/media/missing/Font.ttf": No such file or directory"#,
        ])
    }

    @Test func aTimelineOverAHundredHoursIsRefused() throws {
        let clip = Clip(asset: "a", sourceRange: try TimeRange(start: .zero, duration: .seconds(60)), origin: "videos[0]")
        let track = Track(kind: .video, items: [.clip(clip), .gap(.seconds(100 * 3600)), .clip(clip)])
        let composition = Composition(assets: [:], videoTracks: [track],
                                      output: OutputSettings(width: 640, height: 360, frameRate: try FrameRate(30, 1)))
        #expect(CompositionLimits.check(composition).map(\.description)
                == ["videos[0]: the video track runs past 360000.0 s (100 hours) here; a timeline may last at most 100 hours"])
    }
}
