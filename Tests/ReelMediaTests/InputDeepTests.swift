import Foundation
import Testing
import ReelModel
@testable import ReelMedia

/// The deep path of `VideoFrameSource`: 16-bit 4:4:4 frames in the source's own matrix, against FFmpeg's own
/// yuv444p16le decode, with the colour the stream says (or the untagged rule).
@Suite struct InputDeepTests {
    static let (w, h) = (320, 180)

    @Test(arguments: ["testsrc2", "gradient"])
    func hlgMain10SourcesDecodeLikeFFmpeg(_ pattern: String) throws {
        let path = try MediaFixtures.hlgMain10(pattern)
        let source = try VideoFrameSource(path: path, width: Self.w, height: Self.h)
        #expect(try source.colorDescription == .hlg)
        for index in 0..<2 {
            let ours = try source.deepFrame(at: try RationalTime(value: Int64(index), timescale: 30))
            let reference = try MediaFixtures.deepDecodedByFFmpeg(path, width: Self.w, height: Self.h, index: index)
            #expect(ours.y == reference.y, "luma differs by up to \(MediaFixtures.maxDifference(ours.y, reference.y))")
            #expect(ours.u == reference.u, "Cb differs by up to \(MediaFixtures.maxDifference(ours.u, reference.u))")
            #expect(ours.v == reference.v, "Cr differs by up to \(MediaFixtures.maxDifference(ours.v, reference.v))")
        }
    }

    @Test func tenBitSourcesKeepTheirLowBits() throws {
        let source = try VideoFrameSource(path: MediaFixtures.hlgMain10("gradient"), width: Self.w, height: Self.h)
        let luma = try source.deepFrame(at: .zero).y
        #expect(Set(luma).count > 256, "only \(Set(luma).count) distinct luma values")
        // Unscaled luma is the 10-bit code shifted up: nothing between the 10-bit steps, nothing lost.
        #expect(luma.allSatisfy { $0 & 63 == 0 })
        let eightBit = try source.frame(at: .zero).y
        #expect(Set(eightBit).count <= 256)
    }

    @Test(arguments: [(720, 480, ColorDescription(matrix: .bt601, primaries: .bt601_525, transfer: .bt709)),
                      (720, 576, ColorDescription(matrix: .bt601, primaries: .bt601_625, transfer: .bt709)),
                      (1280, 720, ColorDescription.bt709)])
    func untaggedSourcesTakeTheAssumedColour(_ width: Int, _ height: Int, _ expected: ColorDescription) throws {
        let path = try MediaFixtures.file("untagged-\(width)x\(height).mp4",
                                          ["-f", "lavfi", "-i", "testsrc2=s=\(width)x\(height):r=30", "-frames:v", "1",
                                           "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
        let tags = try MediaFixtures.probeCSV(path, stream: "v", entries: "stream=color_space,color_primaries")
        #expect(tags.first?.allSatisfy { $0 == "unknown" || $0.isEmpty } == true, "the fixture is tagged: \(tags)")
        let source = try VideoFrameSource(path: path, width: 160, height: 90)
        #expect(try source.colorDescription == expected)
        #expect(ColorDescription.assumed(width: width, height: height) == expected)
    }

    @Test func tagsReelDoesNotReadAreRefusedNamingTheFile() throws {
        let path = try MediaFixtures.file("bt2020c.mp4", ["-f", "lavfi", "-i", "testsrc2=s=160x90:r=30", "-frames:v", "1",
                                                          "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                                                          "-colorspace", "bt2020c"])
        let source = try VideoFrameSource(path: path, width: 160, height: 90)
        #expect {
            _ = try source.colorDescription
        } throws: { error in
            guard case MediaError.invalidData(let file, let message) = error else { return false }
            return file == path && message.contains("matrix bt2020c")
        }
        #expect(try source.deepFrame(at: .zero).width == 160, "the pictures still decode")
    }

    @Test func fullRangeSourcesComeOutLimitedRange() throws {
        let path = try MediaFixtures.file("full-white.mov", ["-f", "lavfi", "-i", "color=c=white:s=160x90:r=30",
                                                             "-frames:v", "1", "-vf", "format=yuvj420p",
                                                             "-c:v", "mjpeg", "-q:v", "2"])
        let source = try VideoFrameSource(path: path, width: 160, height: 90)
        #expect(source.sourceIsFullRange)
        let color = try source.colorDescription
        #expect(color.range == .limited && color.matrix == .bt601)
        let luma = try source.deepFrame(at: .zero).y
        // Full-range white (255) is limited-range white, 235 << 8, to within one 8-bit code.
        #expect(luma.allSatisfy { abs(Int($0) - 235 << 8) <= 256 }, "luma \(luma.min()!)…\(luma.max()!)")
    }

    /// Fit, bars, rotation and mirroring as the 8-bit path: the deep luma rounded to 8 bits is the 8-bit
    /// luma to within one code (the sources are BT.709-tagged, so neither path converts their matrix).
    @Test(arguments: ["rotated90", "hflip", "vflip", "letterbox"])
    func deepFramesHaveThe8BitGeometry(_ clip: String) throws {
        let path: String
        switch clip {
        case "rotated90": path = try MediaFixtures.rotated90()
        case "hflip": path = try InputMirrorTests.flipped("deep-mirror-hflip.mp4", a: -1, d: 1)
        case "vflip": path = try InputMirrorTests.flipped("deep-mirror-vflip.mp4", a: 1, d: -1)
        default: path = try MediaFixtures.quadrant(rotateTag: 0)
        }
        let source = try VideoFrameSource(path: path, width: 320, height: 180)
        let time = try RationalTime(value: 1, timescale: 25)
        let planar = try source.frame(at: time), deep = try source.deepFrame(at: time)
        let rounded = deep.y.map { UInt8(min((Int($0) + 128) >> 8, 255)) }
        let worst = zip(rounded, planar.y).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
        #expect(worst <= 1, "\(clip): deep luma differs from the 8-bit picture by up to \(worst)")
        if clip == "rotated90" || clip == "letterbox" { #expect(deep.y.first == DeepFrame.black.y, "a pillar bar") }
    }
}
