import Foundation
import ReelMedia
import ReelModel
import Testing
@testable import ReelRender

/// Our transitions against FFmpeg's `xfade` on the same decoded frames:
/// dissolve = `fade`, push = `slideleft`, wipe = `wipedown`. Frame `j` of an `n`-frame transition has
/// progress `j/n`. xfade works in 4:4:4, so its chroma went through a resampling round trip; luma is
/// expected to match almost exactly and the whole frame at PSNR ≥ 35 dB.
struct XfadeCase: Sendable, CustomStringConvertible {
    var width: Int, height: Int, rate: Int, frames: Int, sourceA: String, sourceB: String
    var duration: String { String(format: "%.6f", Double(frames) / Double(rate)) }
    var description: String { "\(width)x\(height)@\(rate) n=\(frames)" }
}

private let xfadeCases = [
    XfadeCase(width: 96, height: 64, rate: 10, frames: 10, sourceA: "testsrc", sourceB: "smptebars"),
    XfadeCase(width: 128, height: 72, rate: 25, frames: 7, sourceA: "testsrc2", sourceB: "rgbtestsrc"),
]

private let kinds: [(TransitionKind, String)] = [(.dissolve, "fade"), (.push, "slideleft"), (.wipe, "wipedown")]

@Test(arguments: xfadeCases)
func transitionsMatchFFmpegXfade(_ c: XfadeCase) throws {
    let dir = try TestMedia.makeTempDirectory()
    defer { TestMedia.cleanUp(dir) }
    let size = "\(c.width)x\(c.height)"
    for (name, source) in [("a", c.sourceA), ("b", c.sourceB)] {
        try TestMedia.ffmpeg(["-f", "lavfi", "-i", "\(source)=size=\(size):rate=\(c.rate):duration=2",
                              "-pix_fmt", "yuv420p", dir.appendingPathComponent("\(name).y4m").path])
    }
    let a = try raw(dir, "a", c), b = try raw(dir, "b", c)
    for (kind, transition) in kinds {
        var worst = Double.infinity
        let out = dir.appendingPathComponent("x-\(transition).yuv")
        try TestMedia.ffmpeg(["-i", dir.appendingPathComponent("a.y4m").path,
                              "-i", dir.appendingPathComponent("b.y4m").path, "-filter_complex",
                              "[0][1]xfade=transition=\(transition):duration=\(c.duration):offset=0,format=yuv420p",
                              "-f", "rawvideo", "-pix_fmt", "yuv420p", out.path])
        let reference = try TestMedia.readFrames(out, width: c.width, height: c.height)
        try #require(reference.count >= c.frames)
        for j in 0..<c.frames {
            let progress = try Rational(Int64(j), Int64(c.frames))
            let ours = Compositor.composite([.transition(kind: kind, outgoing: a[j], incoming: b[j], progress: progress)],
                                            width: c.width, height: c.height)
            let psnr = TestMedia.psnr(ours, reference[j])
            let lumaPSNR = TestMedia.lumaPSNR(ours, reference[j])
            worst = min(worst, psnr)
            #expect(psnr >= 35, "\(kind) frame \(j)/\(c.frames): \(psnr) dB")
            #expect(lumaPSNR >= 40, "\(kind) frame \(j)/\(c.frames): luma \(lumaPSNR) dB")
        }
        print("xfade \(transition) \(c): worst frame PSNR \(String(format: "%.2f", worst)) dB")
    }
}

private func raw(_ dir: URL, _ name: String, _ c: XfadeCase) throws -> [PlanarFrame] {
    let url = dir.appendingPathComponent("\(name).yuv")
    try TestMedia.ffmpeg(["-i", dir.appendingPathComponent("\(name).y4m").path, "-f", "rawvideo", url.path])
    return try TestMedia.readFrames(url, width: c.width, height: c.height)
}
