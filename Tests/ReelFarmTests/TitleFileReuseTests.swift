import Foundation
import ReelFarm
import ReelTestSupport
import Testing

/// "The cache tells the truth": a title image replaced under the same name re-renders the segments that
/// show it, and the new picture is what the output shows (it was reused, still red, before the
/// title files' fingerprints went into the content hash).
@Suite struct TitleFileReuseTests {
    static func composition(_ media: SharedClips) -> String {
        """
        {
          \(Rendering.assets([("a", media.clips[0]), ("b", media.clips[1])])),
          "videos": [ \(Rendering.clip("a", duration: "1")), \(Rendering.clip("b", duration: "1")) ],
          "titles": [{"image": "logo.png", "timeRange": {"start": 0, "duration": 1}, "opacity": [{"time": 0, "value": 1}]}],
          \(Rendering.output(width: 160, height: 90))
        }
        """
    }

    @Test func aReplacedLogoRerendersTheSegmentsThatShowIt() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("logo-swap")
        defer { dir.remove() }
        let comp = try Rendering.write(Self.composition(media), in: dir)
        try makeLogo("red", at: dir("logo.png"))
        let (before, first) = try Rendering.render(comp, to: dir("red.mov"), storage: dir("store"),
                                                   segmentSeconds: "1", lossless: true)
        #expect(first.segmentsRendered == before.plan.segments.count)

        try makeLogo("blue", at: dir("logo.png"))
        let (after, second) = try Rendering.render(comp, to: dir("blue.mov"), storage: dir("store"),
                                                   segmentSeconds: "1", lossless: true)
        let showing = after.plan.segments.filter { $0.frames.lowerBound < 30 }
        #expect(second.segmentsRendered == showing.count && second.segmentsReused == after.plan.segments.count - showing.count)
        let red = try centre(of: dir("red.mov"), dir: dir), blue = try centre(of: dir("blue.mov"), dir: dir)
        #expect(red.v > 200 && blue.u > 200, "centre pixel red \(red), blue \(blue)")
    }

    /// A 64x32 PNG of one colour, made by ffmpeg.
    func makeLogo(_ color: String, at url: URL) throws {
        try? FileManager.default.removeItem(at: url)
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "color=c=\(color):s=64x32", "-frames:v", "1", url.path])
    }

    /// Frame 5's centre pixel (Y, U, V) decoded by ffmpeg.
    func centre(of file: URL, dir: TempDir) throws -> (y: UInt8, u: UInt8, v: UInt8) {
        let frames = try Decoded.frames(of: file, width: 160, height: 90, scratch: dir.url, extra: ["-frames:v", "6"])
        let f = try #require(frames.last)
        let (x, row) = (80, 45)
        return (f.luma(x, row), f.u[f.u.startIndex + (row / 2) * 80 + x / 2], f.v[f.v.startIndex + (row / 2) * 80 + x / 2])
    }
}
