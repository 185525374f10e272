import Foundation
import Testing
import ReelModel
@testable import ReelMedia

/// A display matrix that mirrors (written into the MP4's `tkhd` here) is shown mirrored, against
/// FFmpeg's `hflip` / `vflip` of the stored picture.
@Suite struct InputMirrorTests {
    /// A copy of a 160x90 lossless H.264 MP4 (tagged BT.709) whose track matrix scales x by `a` and y by `d` (±1).
    static func flipped(_ name: String, a: Int32, d: Int32) throws -> String {
        let plain = try MediaFixtures.file("mirror-plain.mp4", ["-f", "lavfi", "-i", "testsrc2=s=160x90:r=30", "-frames:v", "2",
                                                                 "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p"]
                                                                 + MediaFixtures.bt709)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))
        let tkhd = try #require(bytes.indices.dropLast(4).first { Array(bytes[$0..<($0 + 4)]) == Array("tkhd".utf8) })
        let version = bytes[tkhd + 4]
        let matrix = tkhd + 4 + 4 + (version == 1 ? 32 : 20) + 16
        func put(_ value: Int32, at i: Int) {
            for k in 0..<4 { bytes[matrix + 4 * i + k] = UInt8(truncatingIfNeeded: UInt32(bitPattern: value) >> (24 - 8 * k)) }
        }
        put(a * 65536, at: 0); put(d * 65536, at: 4)
        put(a < 0 ? 160 * 65536 : 0, at: 6); put(d < 0 ? 90 * 65536 : 0, at: 7)
        let path = try MediaFixtures.scratch(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: [("hflip", Int32(-1), Int32(1)), ("vflip", Int32(1), Int32(-1))])
    func mirroredSourcesMatchFFmpegsFlip(_ filter: String, _ a: Int32, _ d: Int32) throws {
        let path = try Self.flipped("mirror-\(filter).mp4", a: a, d: d)
        let source = try VideoFrameSource(path: path, width: 160, height: 90)
        let ours = try source.frame(at: .zero)
        let reference = try InputColorTests.reference(path, filter: filter, noAutorotate: true)
        let unflipped = try InputColorTests.reference(path, filter: "null", noAutorotate: true)
        #expect(ours == reference, "\(filter): PSNR \(InputColorTests.psnr(ours, reference)) dB")
        #expect(unflipped != reference)
        #expect(try MediaProbe.probe(path: path).video?.rotation == (filter == "hflip" ? 0 : 180))
    }
}
