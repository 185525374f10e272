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

    /// A hostile or spliced file whose pictures change size mid-stream: the first five frames are at the render size
    /// (upsampled by `DeepChroma`), the next five twice as large (resized by swscale). The scaler decides again at
    /// the change, so neither half is read with the other's geometry (a stale decision would upsample a 640x360
    /// picture into a 320x180 frame and stop on `DeepChroma.upsample`'s bounds check). Each half's deep luma is
    /// FFmpeg's picture of the same frame at the render size to within one 8-bit code, and the first half's chroma is zimg's bilinear upsampling, code for code.
    @Test func aSourceThatChangesSizeMidStreamIsScaledAgain() throws {
        let small = try MediaFixtures.file("size-change-a.ts", ["-f", "lavfi", "-i", "testsrc2=s=320x180:r=30", "-frames:v", "5",
                                                                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                                                                "-f", "mpegts"])
        let large = try MediaFixtures.file("size-change-b.ts", ["-f", "lavfi", "-i", "testsrc2=s=640x360:r=30", "-frames:v", "5",
                                                                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                                                                "-output_ts_offset", "0.1666667", "-f", "mpegts"])
        let path = try MediaFixtures.scratch("size-change.ts")
        try (try Data(contentsOf: URL(fileURLWithPath: small)) + Data(contentsOf: URL(fileURLWithPath: large)))
            .write(to: URL(fileURLWithPath: path))
        let source = try VideoFrameSource(path: path, width: 320, height: 180)
        for index in [2, 7] {
            let time = try RationalTime(value: Int64(index), timescale: 30)
            let deep = try source.deepFrame(at: time)
            #expect(deep.width == 320 && deep.height == 180)
            // FFmpeg's own picture of that frame at the render size (swscale, Reel's flags), read from the half it is
            // in: FFmpeg's filter graph starts its frame count again where the size changes.
            let (file, n) = index < 5 ? (small, index) : (large, index - 5)
            let data = try MediaFixtures.run(MediaFixtures.ffmpegPath, ["-v", "error", "-nostdin", "-i", file, "-vf",
                "select=eq(n\\,\(n)),scale=320:180:flags=bicubic+accurate_rnd+bitexact,format=yuv420p", "-frames:v", "1",
                "-f", "rawvideo", "-"])
            #expect(data.count == 320 * 180 * 3 / 2, "frame \(index): ffmpeg gave \(data.count) bytes")
            let rounded = deep.y.map { UInt8(min((Int($0) + 128) >> 8, 255)) }
            let worst = zip(rounded, [UInt8](data.prefix(320 * 180))).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
            #expect(worst <= 1, "frame \(index): deep luma differs from FFmpeg's by up to \(worst)")
        }
        let first = try source.deepFrame(at: try RationalTime(value: 2, timescale: 30))
        let reference = try MediaFixtures.deepDecodedByFFmpeg(path, width: 320, height: 180, index: 2)
        #expect(first.u == reference.u && first.v == reference.v,
                "chroma differs by up to \(max(MediaFixtures.maxDifference(first.u, reference.u), MediaFixtures.maxDifference(first.v, reference.v)))")
    }
}
