import Testing
@testable import ReelModel

private typealias F = Fixtures

private let a1 = F.video("a", "0", "1")
private let twoVoiceOvers = #""voiceOvers": [{"asset": "vo", "sourceRange": {"start": 0, "duration": 1}, "at": 0}, "#
    + #"{"asset": "vo", "sourceRange": {"start": 0, "duration": 1}, "at": 2}]"#

private func music(_ ducking: String) -> String {
    F.composition(#""videos": [\#(a1)], \#(twoVoiceOvers), "music": {"asset": "song", "sourceRange": {"start": 0, "duration": 9}, "ducking": \#(ducking)}"#)
}

/// `music.ducking`: defaults, values, and every bad value named by its JSON path.
@Suite struct DuckingDecodeTests {
    @Test func defaultsAreAnEditorsDuckUnderDialogue() throws {
        let c = try F.load(music("{}")).composition
        let d = try #require(c.audioItems.last?.ducking)
        #expect(d == Ducking(under: .voiceOvers, gain: try Rational(1, 4), attack: try RationalTime(value: 3, timescale: 10),
                             release: try RationalTime(value: 3, timescale: 5), origin: "music.ducking"))
    }

    @Test func everyKeyIsRead() throws {
        let c = try F.load(music(#"{"under": [1, 0], "gain": "1/8", "attack": "1001/30000", "release": 0}"#)).composition
        let d = try #require(c.audioItems.last?.ducking)
        #expect(d.under == .voiceOverIndices([1, 0]))
        #expect(d.gain == (try Rational(1, 8)))
        #expect(d.attack == (try RationalTime(value: 1001, timescale: 30000)) && d.release == .zero)
        #expect(try F.load(music(#"{"under": "clips"}"#)).composition.audioItems.last?.ducking?.under == .clips)
    }

    @Test(arguments: [
        (#"{"gain": "1.5"}"#, ["music.ducking.gain: must be between 0 and 1, got 1.5"]),
        (#"{"gain": "-1/4"}"#, ["music.ducking.gain: must be between 0 and 1, got -0.25"]),
        (#"{"attack": "-0.5"}"#, ["music.ducking.attack: must not be negative, got -0.5 s"]),
        (#"{"under": "music"}"#,
         [#"music.ducking.under: unknown trigger "music"; expected "voiceOvers", "clips" or a list of voice-over indices"#]),
        (#"{"under": [0, 2]}"#, ["music.ducking.under[1]: no voice-over 2; voiceOvers has 2 entries (0…1)"]),
        (#"{"under": [1, 1]}"#, ["music.ducking.under[1]: voice-over 1 is listed twice"]),
        (#"{"under": ["0"]}"#, [#"music.ducking.under[0]: expected a voice-over index (an integer ≥ 0), got the string "0""#]),
        (#"{"under": []}"#, ["music.ducking.under: lists no voice-over; give at least one index"]),
        (#"{"under": 3}"#, [#"music.ducking.under: expected "voiceOvers", "clips" or a list of voice-over indices"#]),
        (#"{"gains": "0.5"}"#, [#"music.ducking.gains: unknown key "gains"; did you mean "gain"?"#]),
        (#""loud""#, [#"music.ducking: expected an object, got the string "loud""#]),
    ])
    func badValuesAreNamedByPath(_ ducking: String, _ expected: [String]) {
        #expect(F.diagnostics(music(ducking)) == expected)
    }

    @Test func voiceOversCannotDuck() {
        let json = F.composition(#""videos": [\#(a1)], "voiceOvers": [{"asset": "vo", "sourceRange": {"start": 0, "duration": 1}, "at": 0, "ducking": {}}]"#)
        #expect(F.diagnostics(json).first?.hasPrefix(#"voiceOvers[0].ducking: unknown key "ducking""#) == true)
    }

    @Test func indicesPastAnAbsentListAreNamed() {
        let json = F.composition(#""videos": [\#(a1)], "music": {"asset": "song", "sourceRange": {"start": 0, "duration": 9}, "ducking": {"under": [0]}}"#)
        #expect(F.diagnostics(json) == ["music.ducking.under[0]: no voice-over 0; there are no voiceOvers"])
    }

    @Test func encodingWritesEveryKeyAndRoundTrips() throws {
        let original = try F.load(music(#"{"under": [1], "gain": "0.5"}"#)).composition
        let encoded = try CompositionJSON.encodeValue(original)
        #expect(encoded["music"]?["ducking"] == .object([
            JSONMember(key: "under", value: .array([.number("1")])), JSONMember(key: "gain", value: .string("0.5")),
            JSONMember(key: "attack", value: .string("0.3")), JSONMember(key: "release", value: .string("0.6")),
        ]))
        let again = try F.load(String(decoding: try CompositionJSON.encode(original), as: UTF8.self)).composition
        #expect(again.audioItems == original.audioItems)
    }
}
