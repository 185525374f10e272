import Testing
@testable import ReelModel

/// The one keyframe validator keeps each owner's JSON and messages: a clip's layer keys may have an `ease`
/// and count from the clip's start on the timeline; a title's keys have no `ease` and count from its start.
@Suite struct KeyframeMessageTests {
    static func clip(_ extra: String) -> String {
        Fixtures.composition(#""videos": ["# + Fixtures.video("a", "0", "4").dropLast() + extra + "}]")
    }

    static func title(_ members: String) -> String {
        Fixtures.composition(#""videos": [\#(Fixtures.video("a", "0", "5"))], "titles": [{"timeRange": {"start": 0, "duration": 2}, "text": "Hi"\#(members)}]"#)
    }

    @Test(arguments: [
        (clip(#", "opacity": [ { "time": "5", "value": "1" } ]"#),
         ["videos[0].opacity[0].time: 5.0 s is past the clip's end at 4.0 s (keyframe times count from the clip's start on the timeline)"]),
        (clip(#", "opacity": [ { "time": "1", "value": "1" }, { "time": "1/2", "value": "0" } ]"#),
         ["videos[0].opacity[1].time: 0.5 s is not after the previous keyframe (1.0 s); keyframes must be in time order"]),
        (clip(#", "opacity": [ { "time": "-1", "value": "1" } ]"#),
         ["videos[0].opacity[0].time: must not be negative, got -1.0 s"]),
        (clip(#", "opacity": [ { "time": "9", "value": "1", "ease": "bounce" } ]"#),
         [#"videos[0].opacity[0].ease: unknown ease "bounce"; valid eases are linear and in-out"#,
          "videos[0].opacity[0].time: 9.0 s is past the clip's end at 4.0 s (keyframe times count from the clip's start on the timeline)"]),
        (title(#", "scale": [ { "time": "3", "value": "1" } ]"#),
         ["titles[0].scale[0].time: 3.0 s is past the title's end at 2.0 s (keyframe times count from the title's start)"]),
        (title(#", "opacity": [ { "time": "0", "value": "1", "ease": "in-out" } ]"#),
         [#"titles[0].opacity[0].ease: unknown key "ease"; expected "time" or "value""#]),
        (title(#", "opacity": [ { "value": "1" } ]"#),
         [#"titles[0].opacity[0]: missing required key "time""#]),
    ])
    func eachOwnerKeepsItsMessages(_ json: String, _ expected: [String]) {
        #expect(Fixtures.diagnostics(json) == expected)
    }
}
