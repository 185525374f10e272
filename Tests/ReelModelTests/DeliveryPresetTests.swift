import Testing
@testable import ReelModel

private typealias F = Fixtures

private func output(_ members: String) -> String {
    F.composition(#""videos": [\#(F.video("a", "0", "1"))], "output": {\#(members)}"#)
}

@Suite struct DeliveryPresetTests {
    @Test func everyExpansionIsAnObjectOfOutputMembers() throws {
        for (name, _) in DeliveryPreset.expansions {
            let members = try #require(DeliveryPreset.members(of: name), "\(name)")
            let unknown = members.map(\.key).filter { !CompositionDocument.outputKeys.contains($0) }
            #expect(unknown.isEmpty, "\(name): \(unknown)")
        }
        for (alias, preset) in DeliveryPreset.avFoundationNames {
            #expect(DeliveryPreset.members(of: alias) == DeliveryPreset.members(of: preset), "\(alias)")
        }
    }

    @Test func everyPresetDecodesWithoutAProblem() {
        for name in DeliveryPreset.names {
            #expect(F.diagnostics(output(#""preset": "\#(name)""#)) == [], "\(name)")
        }
    }

    @Test func webPresetExpandsAsDocumented() throws {
        let settings = try F.load(output(#""preset": "web-1080p""#)).composition.output
        #expect(settings.width == 1920 && settings.height == 1080)
        #expect(settings.container == .mp4)
        #expect(settings.video.rateControl == .crf(20) && settings.video.preset == "medium")
        #expect(settings.audio.codec == .aac && settings.audio.bitrateKbps == 192 && settings.audio.sampleRate == 48000)
    }

    @Test func theUsersMembersWin() throws {
        let settings = try F.load(output(#""preset": "AVAssetExportPreset1920x1080", "width": 1280, "height": 720, "#
                                         + #""video": {"crf": 18}, "audio": {"bitrate": 256}"#)).composition.output
        #expect(settings.width == 1280 && settings.height == 720)
        #expect(settings.video.rateControl == .crf(18) && settings.video.preset == "medium")
        #expect(settings.audio.bitrateKbps == 256 && settings.audio.sampleRate == 48000)
    }

    @Test func anotherCodecDropsThePresetsStreamSettings() throws {
        let expanded = DeliveryPreset.expand(try JSONParser.parse(#"{"preset": "prores-422-hq-1080p", "#
                                                                  + #""video": {"codec": "h264", "crf": 18}}"#))
        #expect(expanded["video"] == (try JSONParser.parse(#"{"codec": "h264", "crf": 18}"#)))
        #expect(expanded["container"] == .string("mov"))
        #expect(expanded["preset"] == nil && expanded["width"] == .number("1920"))
    }

    @Test func sizePresetsAreLeftAlone() throws {
        let value = try JSONParser.parse(#"{"preset": "1920x1080", "container": "mov"}"#)
        #expect(DeliveryPreset.expand(value) == value)
    }

    @Test func aPresetWithoutASizeKeepsTheSizeRules() throws {
        let settings = try F.load(output(#""preset": "AVAssetExportPresetAppleProRes422LPCM""#)).composition.output
        #expect(settings.container == .mov && settings.audio.codec == .pcm && settings.audio.sampleFormat == .s24)
    }
}
