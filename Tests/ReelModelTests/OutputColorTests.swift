import Testing
@testable import ReelModel

private typealias F = Fixtures

private func output(_ members: String) -> String {
    F.composition(#""videos": [\#(F.video("a", "0", "1"))], "output": {\#(members)}"#)
}

/// `output.colour` and a PQ output's HDR metadata: each value checked at its JSON path, written back only
/// when not SDR.
@Suite struct OutputColorTests {
    static let accepted: [(members: String, color: OutputColor, bitDepth: Int)] = [
        (#""colour": "sdr""#, .sdr, 8),
        (#""colour": "hlg", "video": {"codec": "hevc"}"#, .hlg, 10),
        (#""colour": "pq", "video": {"codec": "hevc", "bitDepth": 10}"#, .pq, 10),
        (#""colour": "hlg", "video": {"codec": "h264", "bitDepth": 10}"#, .hlg, 10),
        (#""colour": "hlg", "video": {"codec": "h264", "profile": "high10", "bitDepth": 10}"#, .hlg, 10),
        (#""colour": "pq", "container": "mov", "video": {"codec": "prores", "profile": "lt"}"#, .pq, 8),
        (#""colour": "hlg", "container": "mov", "video": {"codec": "dnxhr", "profile": "hqx"}"#, .hlg, 8),
        (#""colour": "hlg", "container": "mkv", "video": {"codec": "av1"}"#, .hlg, 10),
    ]

    @Test(arguments: accepted.indices)
    func acceptsTenBitHDRCombinations(_ i: Int) throws {
        let (members, color, depth) = Self.accepted[i]
        #expect(F.diagnostics(output(members)) == [], "\(members)")
        let settings = try F.load(output(members)).composition.output
        #expect(settings.color == color)
        #expect(settings.video.bitDepth == depth, "bitDepth as decoded (intra codecs keep 8: their profile sets it)")
        if color.isHDR { #expect(settings.video.storedBitDepth == 10) }
    }

    static let refused: [(members: String, message: String)] = [
        (#""colour": "hlg""#, #"output.colour: an HDR output ("hlg") needs 10-bit video; H.264 here is 8-bit"#),
        (#""colour": "hdr10""#, #"output.colour: unknown colour "hdr10"; valid colours are sdr, hlg and pq"#),
        (#""colour": "pq", "video": {"codec": "hevc", "bitDepth": 8}"#, "output.colour: an HDR output (\"pq\") needs 10-bit video; hevc is set to bitDepth 8"),
        (#""colour": "pq", "container": "mov", "video": {"codec": "dnxhr"}"#, "output.colour: an HDR output (\"pq\") needs 10-bit video; DNxHR hq is 8-bit: use profile hqx or 444"),
        (#""colour": "hlg", "video": {"codec": "hevc"}, "maxCLL": 1000"#, "output.maxCLL: applies to a PQ output only"),
        (#""masteringDisplay": "P3-D65 1000""#, "output.masteringDisplay: applies to a PQ output only"),
        (#""colour": "pq", "video": {"codec": "hevc"}, "maxCLL": 70000"#, "output.maxCLL: must be between 0 and 65535, got 70000"),
        (#""colour": "pq", "video": {"codec": "hevc"}, "maxCLL": 400, "maxFALL": 1000"#, "output.maxFALL: the frame-average light level (1000) cannot exceed maxCLL (400)"),
        (#""colour": "pq", "video": {"codec": "hevc"}, "masteringDisplay": "P3 1000""#, #"output.masteringDisplay: unknown mastering display "P3 1000"; give "P3-D65 1000" or "BT.2020 1000""#),
        (#""colour": "pq", "video": {"codec": "hevc"}, "masteringDisplay": "BT.2020 20000""#, "output.masteringDisplay: a luminance lies above 0 and at most 10000 cd/m², got 20000"),
        (#""colour": "pq", "video": {"codec": "hevc"}, "masteringDisplay": 1000"#, #"output.masteringDisplay: expected a name such as "P3-D65 1000""#),
        (#""colour": "pq", "video": {"codec": "hevc"}, "masteringDisplay": {"red": ["0.68", "0.32"], "green": ["0.265", "0.69"], "blue": ["0.15", "0.06"], "minLuminance": "0.0001", "maxLuminance": 1000}"#,
         #"output.masteringDisplay: missing required key "white""#),
        (#""colour": "pq", "video": {"codec": "hevc"}, "masteringDisplay": {"red": ["1.5", "0.32"], "green": ["0.265", "0.69"], "blue": ["0.15", "0.06"], "white": ["0.3127", "0.329"], "minLuminance": "0.0001", "maxLuminance": 1000}"#,
         "output.masteringDisplay.red: a chromaticity coordinate lies from 0 to 1, got 1.5"),
        (#""colour": "pq", "video": {"codec": "hevc"}, "masteringDisplay": {"red": ["0.68", "0.32"], "green": ["0.265", "0.69"], "blue": ["0.15", "0.06"], "white": ["0.3127", "0.329"], "minLuminance": 50, "maxLuminance": 10}"#,
         "output.masteringDisplay.minLuminance: must be below maxLuminance"),
    ]

    @Test(arguments: refused.indices)
    func refusesAtTheJSONPath(_ i: Int) {
        let (members, message) = Self.refused[i]
        let found = F.diagnostics(output(members))
        #expect(found.contains { $0.hasPrefix(message) }, "\(members): \(found)")
    }

    @Test func namedAndObjectDisplaysAreTheSame() throws {
        let named = try F.load(output(#""colour": "pq", "video": {"codec": "hevc"}, "masteringDisplay": "P3-D65 1000""#))
        let object = try F.load(output(#""colour": "pq", "video": {"codec": "hevc"}, "masteringDisplay": {"red": ["0.68", "0.32"], "#
            + #""green": ["0.265", "0.69"], "blue": ["0.15", "0.06"], "white": ["0.3127", "0.329"], "#
            + #""minLuminance": "0.0001", "maxLuminance": 1000}"#))
        let display = try #require(named.composition.output.hdrMetadata?.masteringDisplay)
        #expect(display == object.composition.output.hdrMetadata?.masteringDisplay)
        #expect(display.white == (0.3127, 0.329) && display.maxLuminance == 1000 && display.minLuminance == 0.0001)
    }

    @Test func hdrSettingsRoundTripThroughCompositionJSON() throws {
        let members = #""colour": "pq", "video": {"codec": "hevc"}, "masteringDisplay": "BT.2020 4000 0.005", "#
            + #""maxCLL": 1000, "maxFALL": 400"#
        let first = try F.load(output(members)).composition
        let text = String(decoding: try CompositionJSON.encode(first), as: UTF8.self)
        #expect(text.contains(#""colour": "pq""#) && text.contains(#""bitDepth": 10"#))
        let again = try F.load(text).composition
        #expect(again.output == first.output)
        #expect(again.output.hdrMetadata == HDRMetadata(
            masteringDisplay: .init(primaries: [0.708, 0.292, 0.170, 0.797, 0.131, 0.046, 0.3127, 0.3290],
                                    minLuminance: 0.005, maxLuminance: 4000), maxCLL: 1000, maxFALL: 400))
    }

    @Test func sdrIsNotWritten() throws {
        let c = try F.load(output(#""colour": "sdr""#)).composition
        let text = String(decoding: try CompositionJSON.encode(c), as: UTF8.self)
        #expect(!text.contains("colour") && !text.contains("maxCLL"))
        #expect(c.output == (try F.load(output("")).composition.output))
    }

    @Test func anotherColourDropsThePresetsHDRMetadata() throws {
        let hlg = try F.load(output(#""preset": "hevc-pq-2160p", "colour": "hlg""#)).composition.output
        #expect(hlg.color == .hlg && hlg.hdrMetadata == nil)
        let pq = try F.load(output(#""preset": "hevc-pq-2160p", "maxCLL": 1000"#)).composition.output
        #expect(pq.hdrMetadata?.maxCLL == 1000 && pq.hdrMetadata?.masteringDisplay?.maxLuminance == 1000)
    }

    @Test func hdrPresetsExpandToTenBitHEVC() throws {
        for (name, color) in [("hevc-hlg-2160p", OutputColor.hlg), ("hevc-pq-2160p", .pq)] {
            let out = try F.load(output(#""preset": "\#(name)""#)).composition.output
            #expect(out.color == color && out.video.codec == .hevc && out.video.bitDepth == 10, "\(name)")
            #expect((out.width, out.height) == (3840, 2160))
        }
    }
}
