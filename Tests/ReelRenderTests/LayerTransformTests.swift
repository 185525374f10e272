import Foundation
import ReelMedia
import ReelModel
import ReelTestOracles
import ReelTestSupport
import Testing
@testable import ReelRender

/// Clip layer transforms against FFmpeg filter graphs of the same geometry.
///
/// - Quarter turns are exact: rotation 90° equals `transpose=clock` placed with `overlay`, and 180°
///   equals `hflip,vflip`, sample for sample (no filtering happens on the pixel grid).
/// - Other moves (scale, rotation, position) agree with `scale` (bicubic) → `rotate` → `overlay` onto
///   black at ≥ 35 dB PSNR over all planes. The source is `testsrc2` softened by `gblur` (σ 1): the
///   two pipelines filter differently (FFmpeg resamples twice and in 4:4:4), which costs a sharp
///   pattern a few dB at every edge without saying anything about the geometry. A move off by one
///   pixel scores below 30 dB on this source (checked below, so the floor means something).
@Suite struct LayerTransformTests {
    struct Move: Sendable, CustomStringConvertible {
        var scale: String, degrees: Int, x: Int, y: Int, box: Int
        var description: String { "scale \(scale) rotation \(degrees)° at (\(x), \(y))" }
    }

    static let width = 320, height = 180
    static let moves = [Move(scale: "0.5", degrees: 30, x: 128, y: 108, box: 200),
                        Move(scale: "1.3", degrees: -12, x: 160, y: 90, box: 480),
                        Move(scale: "0.35", degrees: 0, x: 240, y: 46, box: 160),
                        Move(scale: "0.75", degrees: 135, x: 150, y: 80, box: 320)]

    @Test func quarterTurnsAreExact() throws {
        let temp = try TempDir("render")
        defer { temp.remove() }
        let dir = temp.url
        let (w, h) = (160, 96)
        let source = try Self.source(dir, width: w, height: h, blur: false)
        let turned = try Self.ffmpegFrame(dir, source, width: w, height: h,
            graph: "[0]transpose=clock[l];[1][l]overlay=x=\((w - h) / 2):y=\((h - w) / 2)")
        let flipped = try Self.ffmpegFrame(dir, source, width: w, height: h, graph: "[0]hflip,vflip[l];[1][l]overlay")
        for (degrees, want) in [(90, turned), (180, flipped), (-270, turned)] {
            var state = LayerState()
            state.rotation = Double(degrees)
            let got = Compositor.composite([.layer(LayerPicture(frame: try Self.frame(source, w, h), state: state))],
                                           width: w, height: h)
            #expect(TransitionOracle.firstDifference(got, want) == nil, "\(degrees)°: \(TransitionOracle.firstDifference(got, want) ?? "")")
        }
    }

    @Test(arguments: moves)
    func movesAgreeWithFFmpegScaleRotateOverlay(_ m: Move) throws {
        let temp = try TempDir("render")
        defer { temp.remove() }
        let dir = temp.url
        let (w, h) = (Self.width, Self.height)
        let source = try Self.source(dir, width: w, height: h, blur: true)
        let s = Double(m.scale)!
        let sw = Int((Double(w) * s).rounded()), sh = Int((Double(h) * s).rounded())
        let graph = "[0]scale=\(sw):\(sh):flags=bicubic,format=yuva444p,"
            + "rotate=\(m.degrees)*PI/180:ow=\(m.box):oh=\(m.box):c=none[l];"
            + "[1][l]overlay=x=\(m.x - m.box / 2):y=\(m.y - m.box / 2):format=yuv444"
        let want = try Self.ffmpegFrame(dir, source, width: w, height: h, graph: graph)
        var state = LayerState()
        (state.scale, state.rotation) = (s, Double(m.degrees))
        state.position = (Double(m.x) / Double(w), Double(m.y) / Double(h))
        let frame = try Self.frame(source, w, h)
        let got = Compositor.composite([.layer(LayerPicture(frame: frame, state: state))], width: w, height: h)
        let inside = Self.interior(state, w, h)
        let psnr = Self.psnr(got, want, inside), whole = RawFrames.psnr(got, want)
        state.position.x += 1 / Double(w)
        let shifted = Compositor.composite([.layer(LayerPicture(frame: frame, state: state))], width: w, height: h)
        let off = Self.psnr(shifted, want, inside)
        #expect(psnr >= 35, "\(m): \(psnr) dB inside the layer, \(whole) dB over the whole frame")
        #expect(off < 33, "\(m): a move off by one pixel should score below 33 dB, got \(off)")
        try Self.savePNG(got, name: "layer-\(m.degrees)-\(m.scale)")
        try Self.savePNG(want, name: "ffmpeg-\(m.degrees)-\(m.scale)")
    }

    /// The luma pixels at least two pixels inside the layer's outline (its picture drawn in white over
    /// black, eroded). The outline itself is left out: FFmpeg's `rotate` and `overlay` cut it hard
    /// (aliased, and rounded to whole pixels), Reel antialiases it, and a high-contrast outline of a few
    /// hundred pixels decides a whole-frame PSNR (~29 dB) without saying anything about the geometry.
    static func interior(_ state: LayerState, _ w: Int, _ h: Int) -> [Bool] {
        let white = RawFrames.makeFrame(width: w, height: h) { p, _, _ in p == 0 ? 235 : 128 }
        let shape = Compositor.composite([.layer(LayerPicture(frame: white, state: state))], width: w, height: h)
        return (0..<w * h).map { i in
            let x = i % w, y = i / w
            guard x >= 2, y >= 2, x < w - 2, y < h - 2 else { return false }
            for dy in -2...2 { for dx in -2...2 where shape.y[(y + dy) * w + x + dx] != 235 { return false } }
            return true
        }
    }

    /// PSNR over the luma pixels marked `inside` and the chroma samples whose 2×2 block is all inside.
    static func psnr(_ a: PlanarFrame, _ b: PlanarFrame, _ inside: [Bool]) -> Double {
        var sum = 0.0, count = 0
        for i in a.y.indices where inside[i] { let d = Double(Int(a.y[i]) - Int(b.y[i])); sum += d * d; count += 1 }
        let cw = a.chromaWidth
        for i in a.u.indices {
            let x = 2 * (i % cw), y = 2 * (i / cw)
            guard x + 1 < a.width, y + 1 < a.height, inside[y * a.width + x], inside[(y + 1) * a.width + x + 1] else { continue }
            for (p, q) in [(a.u, b.u), (a.v, b.v)] { let d = Double(Int(p[i]) - Int(q[i])); sum += d * d; count += 1 }
        }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(max(count, 1))))
    }

    /// One frame of `testsrc2` (optionally softened) as `source.y4m`.
    static func source(_ dir: URL, width w: Int, height h: Int, blur: Bool) throws -> URL {
        let url = dir.appendingPathComponent("source.y4m")
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=\(w)x\(h):rate=10:duration=1" + (blur ? ",gblur=sigma=1" : ""),
                                "-frames:v", "1", "-pix_fmt", "yuv420p", url.path])
        return url
    }

    static func frame(_ y4m: URL, _ w: Int, _ h: Int) throws -> PlanarFrame {
        let raw = y4m.deletingPathExtension().appendingPathExtension("yuv")
        try TestProcess.ffmpeg(["-i", y4m.path, "-f", "rawvideo", "-pix_fmt", "yuv420p", raw.path])
        return try #require(try RawFrames.readFrames(raw, width: w, height: h).first)
    }

    /// The first frame of `graph` over a black `w × h` background (input 1), as yuv420p.
    static func ffmpegFrame(_ dir: URL, _ source: URL, width w: Int, height h: Int, graph: String) throws -> PlanarFrame {
        let out = dir.appendingPathComponent("ffmpeg-\(UUID().uuidString).yuv")
        try TestProcess.ffmpeg(["-i", source.path, "-f", "lavfi", "-i", "color=black:s=\(w)x\(h):r=10:d=1",
                                "-filter_complex", graph + ",format=yuv420p", "-frames:v", "1",
                                "-f", "rawvideo", "-pix_fmt", "yuv420p", out.path])
        return try #require(try RawFrames.readFrames(out, width: w, height: h).first)
    }

    /// Writes `frame` as a PNG into the REEL_TEST_KEEP folder when the switch is on (for looking at the result).
    static func savePNG(_ frame: PlanarFrame, name: String) throws {
        guard let dir = TestKeep.folder else { return }
        try PNGImage.encode(frame, to: dir.appendingPathComponent("\(name).png").path)
    }
}
