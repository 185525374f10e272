import Foundation
import Testing
import ReelModel
@testable import ReelMedia

/// PNG and JPEG files probe as still images (by content, whatever the name) and decode to the same
/// picture at any media time.
@Suite struct InputStillTests {
    static func png() throws -> String {
        try MediaFixtures.file("still.png", ["-f", "lavfi", "-i", "testsrc2=s=64x48", "-frames:v", "1"])
    }

    static func jpeg() throws -> String {
        try MediaFixtures.file("still.jpg", ["-f", "lavfi", "-i", "testsrc2=s=64x48", "-frames:v", "1", "-q:v", "2"])
    }

    @Test func pngAndJPEGProbeAsStills() throws {
        for (path, codec) in [(try Self.png(), "png"), (try Self.jpeg(), "mjpeg")] {
            let facts = try MediaProbe.probe(path: path)
            let video = try #require(facts.video, "\(path)")
            #expect(video.isStill && video.codec == codec, "\(path)")
            #expect(video.width == 64 && video.height == 48)
            #expect(facts.audio == nil)
        }
        #expect(try MediaProbe.probe(path: try MediaFixtures.h264AAC()).video?.isStill == false)
    }

    @Test func aJPEGNamedLikeAnythingStillOpens() throws {
        let renamed = try MediaFixtures.scratch("photo-without-extension")
        try? FileManager.default.removeItem(atPath: renamed)
        try FileManager.default.copyItem(atPath: try Self.jpeg(), toPath: renamed)
        #expect(try MediaProbe.probe(path: renamed).video?.isStill == true)
    }

    @Test func everyMediaTimeGivesTheSamePicture() throws {
        let source = try VideoFrameSource(path: try Self.png(), width: 64, height: 48)
        let first = try source.frame(at: .zero)
        for t in [RationalTime.seconds(3), try RationalTime(value: 1001, timescale: 30000), .zero] {
            let again = try source.frame(at: t)
            #expect(again == first, "at \(t)")
        }
    }
}
