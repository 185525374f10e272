import Foundation
import Testing
@testable import ReelMedia

/// `JPEGImage`: decoded back by the ffmpeg CLI, which reads JPEG as every viewer does (BT.601, full range).
@Suite struct OutputJPEGTests {
    /// Left half BT.709 red, right half BT.709 blue (Y 32, U 240, V 118), limited range.
    func redAndBlue(width: Int, height: Int) -> PlanarFrame {
        MediaFixtures.redLeft(width: width, height: height, right: (32, 240, 118))
    }

    /// The RGB24 pixels and size ffmpeg decodes `path` to.
    func decoded(_ path: String) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let size = String(decoding: try MediaFixtures.run(MediaFixtures.ffprobePath, [
            "-v", "error", "-show_entries", "stream=codec_name,width,height", "-of", "csv=p=0", path]), as: UTF8.self)
        let fields = size.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",")
        try #require(fields.count == 3 && fields[0] == "mjpeg", "\(path): \(size)")
        let rgb = try MediaFixtures.run(MediaFixtures.ffmpegPath, ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        return (Int(fields[1]) ?? 0, Int(fields[2]) ?? 0, Array(rgb))
    }

    @Test func scaledThumbnailKeepsItsColors() throws {
        let path = try MediaFixtures.scratch("red-blue.jpg")
        try JPEGImage.encode(redAndBlue(width: 640, height: 360), width: 160, qscale: 5, to: path)
        let (w, h, rgb) = try decoded(path)
        #expect(w == 160 && h == 90)
        func pixel(_ x: Int, _ y: Int) -> [Int] { let i = (y * w + x) * 3; return rgb[i..<i + 3].map(Int.init) }
        let red = pixel(20, 45), blue = pixel(140, 45)
        #expect(red[0] >= 245 && red[1] <= 10 && red[2] <= 10, "red \(red)")
        #expect(blue[0] <= 10 && blue[1] <= 10 && blue[2] >= 245, "blue \(blue)")
    }

    @Test(arguments: [(1, 1, 160), (3, 5, 160), (1920, 1080, 0), (4000, 10, 160), (10, 4000, 160), (64, 48, 100_000), (64, 48, -7)])
    func oddSizesEncode(width: Int, height: Int, target: Int) throws {
        let path = try MediaFixtures.scratch("odd-\(width)x\(height)-\(target).jpg")
        try JPEGImage.encode(PlanarFrame(width: width, height: height, y: 180), width: target, to: path)
        let expected = JPEGImage.size(width: target, frameWidth: width, frameHeight: height)
        let (w, h, rgb) = try decoded(path)
        #expect(w == expected.width && h == expected.height && w % 2 == 0 && h % 2 == 0 && w >= 2 && h >= 2)
        #expect(rgb.count == w * h * 3)
    }

    @Test func sizeRoundsToEvenByAspect() {
        #expect(JPEGImage.size(width: 160, frameWidth: 1920, frameHeight: 1080) == (160, 90))
        #expect(JPEGImage.size(width: 160, frameWidth: 640, frameHeight: 480) == (160, 120))
        #expect(JPEGImage.size(width: 160, frameWidth: 720, frameHeight: 486) == (160, 108))
        #expect(JPEGImage.size(width: 161, frameWidth: 100, frameHeight: 100) == (160, 160))
        #expect(JPEGImage.size(width: 480, frameWidth: 4096, frameHeight: 1716) == (480, 202))
    }

    @Test func unwritablePathFailsWithItsName() throws {
        let folder = try MediaFixtures.scratch("occupied.jpg")
        try FileManager.default.createDirectory(atPath: folder + "/inside", withIntermediateDirectories: true)
        #expect(throws: MediaError.self) { try JPEGImage.encode(PlanarFrame(width: 16, height: 16), width: 16, to: folder) }
        let missing = try MediaFixtures.scratch("no-such-folder/x.jpg")
        do {
            try JPEGImage.encode(PlanarFrame(width: 16, height: 16), width: 16, to: missing)
            Issue.record("writing into a missing folder succeeded")
        } catch {
            #expect("\(error)".contains(missing), "\(error)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: MediaFixtures.directory).filter { $0.contains("occupied") && $0.contains(".tmp") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
