import Foundation
import Testing
@testable import ReelMedia

@Suite struct InputPNGTests {
    /// Left half BT.709 red, right half white, limited range.
    func redAndWhite(width: Int = 32, height: Int = 16) -> PlanarFrame {
        MediaFixtures.redLeft(width: width, height: height, right: (235, 128, 128))
    }

    func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return image.pixels[i..<i + 4].map(Int.init)
    }

    @Test func encodedFrameDecodesToItsColors() throws {
        let path = try MediaFixtures.scratch("red-white.png")
        try PNGImage.encode(redAndWhite(), to: path)
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(8)
        #expect(Array(header) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let image = try PNGImage.decode(path: path)
        #expect(image.width == 32 && image.height == 16)
        let red = pixel(image, 4, 8), white = pixel(image, 28, 8)
        #expect(abs(red[0] - 255) <= 3 && red[1] <= 3 && red[2] <= 3 && red[3] == 255, "red \(red)")
        #expect(white.allSatisfy { $0 >= 253 }, "white \(white)")
    }

    @Test(arguments: ["rgba", "rgb24", "gray", "pal8"])
    func decodingMatchesFFmpeg(pixelFormat: String) throws {
        let path = try MediaFixtures.file("testsrc-\(pixelFormat).png",
                                          ["-f", "lavfi", "-i", "testsrc2=size=40x30,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='X*6'",
                                           "-frames:v", "1", "-pix_fmt", pixelFormat])
        let reference = try MediaFixtures.run(MediaFixtures.ffmpegPath,
                                              ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        let image = try PNGImage.decode(path: path)
        #expect(image.width == 40 && image.height == 30)
        #expect(image.pixels == Array(reference))
    }

    @Test func missingAndCorruptFilesFail() throws {
        let missing = try MediaFixtures.scratch("missing.png")
        #expect(throws: MediaError.fileNotFound(path: missing)) { try PNGImage.decode(path: missing) }
        let corrupt = try MediaFixtures.scratch("corrupt.png")
        try Data((0..<500).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(to: URL(fileURLWithPath: corrupt))
        #expect(throws: MediaError.self) { try PNGImage.decode(path: corrupt) }
    }
}
