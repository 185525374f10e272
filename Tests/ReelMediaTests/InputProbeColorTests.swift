import Foundation
import Testing
import ReelModel
@testable import ReelMedia

/// The real probe behind the loader (the farm's own prober lives above ReelMedia); no titles read files here.
private struct FileProber: MediaProber {
    func probe(path: String) throws -> MediaFacts { try MediaProbe.probe(path: path) }
    func check(_ file: TitleFile) throws -> String { "" }
}

/// What the probe reads of a source's colour, on files made with ffmpeg: tags, bit depth, HDR side data and
/// Dolby Vision records, and what it assumes where a file says nothing.
@Suite struct InputProbeColorTests {
    static func video(_ path: String) throws -> MediaFacts.Video {
        try #require(try MediaProbe.probe(path: path).video)
    }

    @Test func readsHLGHEVCMain10() throws {
        let v = try Self.video(try MediaFixtures.hlgHEVC())
        #expect(v.colorTags == ColorTags(matrix: "bt2020nc", range: "tv", primaries: "bt2020", transfer: "arib-std-b67"))
        #expect(v.color == .hlg)
        #expect(v.bitDepth == 10 && v.pixelFormat == "yuv420p10le")
        #expect(v.hdr == nil && v.dolbyVision == nil)
    }

    @Test func readsPQWithMasteringDisplayAndContentLightFromTheFirstFrame() throws {
        let v = try Self.video(try MediaFixtures.pqHEVC())
        #expect(v.color == .pq && v.bitDepth == 10)
        let hdr = try #require(v.hdr)
        #expect(hdr.maxCLL == 1000 && hdr.maxFALL == 400)
        let display = try #require(hdr.masteringDisplay)
        #expect(display.primaries == HDRMetadata.MasteringDisplay.namedPrimaries[0].primaries)   // P3-D65
        #expect(display.maxLuminance == 1000 && display.minLuminance == 0.0001)
    }

    @Test func readsDisplayP3Tags() throws {
        let v = try Self.video(try MediaFixtures.displayP3())
        #expect(v.color == ColorDescription(matrix: .bt709, range: .limited, primaries: .displayP3, transfer: .srgb))
        #expect(v.colorTags.unsupported.isEmpty && v.bitDepth == 8)
    }

    @Test func untaggedSDIsAssumedBT601() throws {
        let v = try Self.video(try MediaFixtures.untaggedSD())
        #expect(v.colorTags.isEmpty)
        #expect(v.color == ColorDescription(matrix: .bt601, range: .limited, primaries: .bt601_525, transfer: .bt709))
        #expect(v.color == .assumed(width: 720, height: 480))
    }

    @Test func dolbyVision84IsReadAsItsHLGBaseLayer() throws {
        let path = try MediaFixtures.dolbyVision(from: try MediaFixtures.untaggedHEVC(), profile: 8, compatibilityID: 4,
                                                 name: "dv84.mp4")
        let v = try Self.video(path)
        let dv = try #require(v.dolbyVision)
        #expect(dv.profile == 8 && dv.compatibilityID == 4 && dv.level == 6 && dv.baseLayerPresent && dv.name == "8.4")
        #expect(v.color == .hlg, "an untagged 8.4 base layer takes its colour from the record")
        #expect(dv.reading.contains("read as its BT.2100 HLG base layer"))
    }

    @Test func dolbyVision81IsReadAsPQ() throws {
        let path = try MediaFixtures.dolbyVision(from: try MediaFixtures.untaggedHEVC(), profile: 8, compatibilityID: 1,
                                                 name: "dv81.mp4")
        #expect(try Self.video(path).color == .pq)
    }

    @Test func dolbyVisionProfile5IsRefusedNamingFileAndClip() throws {
        let path = try MediaFixtures.dolbyVision(from: try MediaFixtures.untaggedHEVC(), profile: 5, compatibilityID: 0,
                                                 name: "dv5.mp4")
        let dv = try #require(try Self.video(path).dolbyVision)
        #expect(dv.profile == 5 && dv.baseLayer == nil)
        let json = #"{"assets": {"dv": "\#(path)"}, "videos": [{"asset": "dv", "sourceRange": {"start": 0, "duration": "1/25"}}]}"#
        let problems = CompositionLoader.validate(data: Array(json.utf8), baseDirectory: "/", prober: FileProber())
            .map(\.description)
        #expect(problems == ["videos[0].asset: \(path): Dolby Vision profile 5.0 has no base layer a player can show "
                             + "without the Dolby Vision metadata; Reel cannot render it in the right colours; "
                             + "convert it to HDR10 (PQ) or HLG first"])
    }
}
