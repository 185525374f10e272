import Foundation
import Testing
import ReelModel
import ReelTestSupport
@testable import ReelMedia

/// Output colour: the stream tags of every codec, x265's VUI and HDR SEI, and the HDR stream side data, read
/// back with ffprobe (`HDRProbe`). The stitched file's are checked in ReelRenderTests' `StitcherHDRTests`.
@Suite struct OutputHDRTests {
    static let (w, h) = (160, 96)

    /// A P3-D65 1000 cd/m² mastering display, MaxCLL 1000, MaxFALL 400.
    static let hdr = HDRMetadata(
        masteringDisplay: .init(primaries: [0.68, 0.32, 0.265, 0.69, 0.15, 0.06, 0.3127, 0.329],
                                minLuminance: 0.0001, maxLuminance: 1000),
        maxCLL: 1000, maxFALL: 400)

    static func settings(_ codec: VideoCodec, bitDepth: Int = 10, container: Container = .mp4) -> OutputSettings {
        var s = OutputFixtures.makeSettings(width: w, height: h, preset: codec == .hevc ? "ultrafast" : "veryfast",
                                            container: container)
        s.video.codec = codec
        if codec == .av1 { s.video.preset = "12" }
        if codec != .prores { s.video.bitDepth = bitDepth }
        return s
    }

    /// Writes `count` deep frames (neutral grey ramps) into a part.
    @discardableResult
    static func writePart(_ path: String, _ settings: OutputSettings, color: ColorDescription, hdr: HDRMetadata?,
                          count: Int = 3) throws -> VideoPartWriter {
        let writer = try VideoPartWriter(path: path, settings: settings, color: color, hdr: hdr)
        for k in 0..<count {
            var f = DeepFrame(width: w, height: h)
            for i in 0..<(w * h) { f.y[i] = UInt16(64 + (i % w + k * 3) % 877) << 6 }
            try writer.append(f)
        }
        try writer.finish()
        return writer
    }

    @Test(arguments: [("hlg", ColorDescription.hlg, "arib-std-b67"), ("pq", .pq, "smpte2084")])
    func hevcMain10PartsCarryTheirColour(_ name: String, _ color: ColorDescription, _ transfer: String) throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let path = dir.appendingPathComponent("\(name).mp4").path
        try Self.writePart(path, Self.settings(.hevc), color: color, hdr: name == "pq" ? Self.hdr : nil)
        #expect(try HDRProbe.tags(path) == ["bt2020", transfer, "bt2020nc", "tv"])
        let stream = try HDRProbe.firstVideoStream(path, entries: "profile,pix_fmt")
        #expect(stream["profile"] as? String == "Main 10" && stream["pix_fmt"] as? String == "yuv420p10le", "\(stream)")
        let none = HDRProbe.Fields(redX: nil, maxLuminance: nil, minLuminance: nil, maxContent: nil, maxAverage: nil)
        let expected = name == "pq" ? HDRProbe.p3Display1000 : none
        #expect(try HDRProbe.fields(path, frames: true) == expected, "x265's SEI")
        #expect(try HDRProbe.fields(path, frames: false) == expected, "the mp4's mdcv and clli boxes")
    }

    @Test(arguments: [VideoCodec.h264, .prores, .av1])
    func everyCodecTagsTheOutputColour(_ codec: VideoCodec) throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let path = dir.appendingPathComponent("\(codec.rawValue).mp4").path
        try Self.writePart(path, Self.settings(codec, container: codec == .prores ? .mov : .mp4), color: .hlg, hdr: nil)
        #expect(try HDRProbe.tags(path) == ["bt2020", "arib-std-b67", "bt2020nc", "tv"])
    }

    @Test func bt709OutputsKeepTheirTags() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let path = dir.appendingPathComponent("sdr.mp4").path
        try Self.writePart(path, Self.settings(.hevc, bitDepth: 8), color: .bt709, hdr: nil)
        #expect(try HDRProbe.tags(path) == ["bt709", "bt709", "bt709", "tv"])
        #expect(VideoEncoder.x265ColorParams(.bt709, hdr: nil).isEmpty, "today's x265 line is unchanged")
    }
}
