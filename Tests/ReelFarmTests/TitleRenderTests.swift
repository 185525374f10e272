import Foundation
import ReelFarm
import ReelTestSupport
import Testing

/// "Titles": a white title over a black clip, rendered lossless. Its measured alpha at 10%, 50% and 90%
/// of its range matches the opacity keyframes, and its ink lies in the box centred on its anchor.
/// `reel thumbnails` draws the same picture.
@Suite struct TitleRenderTests {
    /// Range [0.5, 2.5) s = frames [15, 75); keys 0 → 0, 1 s → 1, 2 s → 0.2 (times from the title's start).
    static let keys: [(time: Double, value: Double)] = [(0, 0), (1, 1), (2, 0.2)]
    static let anchor = (x: 96, y: 108)   // (0.3, 0.6) of 320x180
    static let size = 60

    static func composition(_ media: SharedClips) -> String {
        """
        {
          \(Rendering.assets([("black", media.black)])),
          "videos": [ \(Rendering.clip("black", duration: "3")) ],
          "titles": [ {
            "text": "HH", "size": \(size), "color": "#FFFFFF", "position": { "x": "0.3", "y": "0.6" },
            "timeRange": { "start": "0.5", "duration": "2" },
            "opacity": [ { "time": "0", "value": "0" }, { "time": "1", "value": "1" }, { "time": "2", "value": "0.2" } ]
          } ],
          \(Rendering.output(width: 320, height: 180))
        }
        """
    }

    /// The opacity the keyframes give at `t` seconds into the title.
    static func expectedOpacity(_ t: Double) -> Double {
        let (a, b) = t <= keys[1].time ? (keys[0], keys[1]) : (keys[1], keys[2])
        return a.value + (b.value - a.value) * (t - a.time) / (b.time - a.time)
    }

    @Test func measuredAlphaFollowsTheKeyframesAndTheTextLandsInItsBox() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("titles")
        defer { dir.remove() }
        let out = dir("out.mov")
        _ = try Rendering.render(try Rendering.write(Self.composition(media), in: dir), to: out, storage: dir("store"),
                                 lossless: true)
        let frames = try Decoded.frames(of: out, width: 320, height: 180, scratch: dir.url)
        try #require(frames.count == 90)
        // Fully covered glyph pixels: video white (235) at opacity 1 (frame 45 = 1 s into the title).
        let full = frames[45]
        var ink: [(x: Int, y: Int)] = []
        for y in 0..<180 { for x in 0..<320 where full.luma(x, y) >= 235 { ink.append((x, y)) } }
        try #require(ink.count > 200, "only \(ink.count) fully covered pixels")

        var measured: [String] = []
        for (fraction, frame) in [(0.1, 21), (0.5, 45), (0.9, 69)] {
            let t = Double(frame) / 30 - 0.5
            #expect(abs(t - 2 * fraction) < 1e-9)
            var sum = 0.0
            for p in ink { sum += Double(frames[frame].luma(p.x, p.y)) }
            let mean = sum / Double(ink.count)
            let alpha = (mean - 16) / (235 - 16), expected = Self.expectedOpacity(t)
            measured.append(String(format: "%.0f%%: %.4f (keyframes %.4f)", fraction * 100, alpha, expected))
            #expect(abs(alpha - expected) <= 0.01, "at \(fraction): alpha \(alpha), keyframes say \(expected)")
        }
        // Outside the title's range nothing is drawn.
        #expect(frames[14].y.allSatisfy { $0 == 16 } && frames[75].y.allSatisfy { $0 == 16 })

        let box = inkBox(frames[45])
        let cx = Double(box.x0 + box.x1) / 2, cy = Double(box.y0 + box.y1) / 2
        #expect(abs(cx - Double(Self.anchor.x)) <= 4, "ink centre x \(cx), anchor \(Self.anchor.x)")
        #expect(abs(cy - Double(Self.anchor.y)) <= Double(Self.size) / 4, "ink centre y \(cy), anchor \(Self.anchor.y)")
        let height = Double(box.y1 - box.y0 + 1)
        #expect(height >= 0.5 * Double(Self.size) && height <= Double(Self.size), "ink height \(height)")

        try thumbnailMatches(frames[45], dir: dir)
    }

    /// `reel thumbnails --at 1.5` writes the frame the render showed at 1.5 s.
    func thumbnailMatches(_ rendered: YUVFrame, dir: TempDir) throws {
        let thumbs = dir("thumbs")
        let result = try TestProcess.run(try TestBinary.reel(), ["thumbnails", dir("comp.json").path, "--at", "1.5", "-o", thumbs.path])
        #expect(result.status == 0, "\(result.stderr)")
        let png = thumbs.appendingPathComponent("t1.5s.png")
        #expect(FileManager.default.fileExists(atPath: png.path), "\(result.stdout)")
        TestKeep.copy(png, as: "title-thumbnail.png")
        let decoded = try Decoded.frames(of: png, width: 320, height: 180, scratch: dir.url)
        let thumb = try #require(decoded.first)
        let psnr = Decoded.psnr(thumb, rendered, lumaOnly: true)
        #expect(psnr >= 35)
    }

    /// The bounding box of every pixel brighter than black.
    func inkBox(_ frame: YUVFrame) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
        var box = (x0: frame.width, x1: -1, y0: frame.height, y1: -1)
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame.luma(x, y) > 16 {
                box = (min(box.x0, x), max(box.x1, x), min(box.y0, y), max(box.y1, y))
            }
        }
        return box
    }
}
