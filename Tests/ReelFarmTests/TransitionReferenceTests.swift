import Foundation
import ReelFarm
import Testing

/// "Transitions against an outside reference": a lossless render of four 2 s clips joined by a
/// dissolve, a push and a wipe (0.5 s each) against FFmpeg's `xfade` chain (fade, slideleft, wipedown)
/// on the same decoded sources, compared frame by frame on yuv420p planes.
///
/// xfade does not take 4:2:0, so FFmpeg converts its inputs to 4:4:4 and back; that round trip blurs
/// chroma a little. The sources are smooth (`gradients`), which keeps that loss small, and luma (which
/// no conversion touches) is held to a stricter bound than the whole frame.
@Suite struct TransitionReferenceTests {
    static let kinds = [("dissolve", "fade"), ("push", "slideleft"), ("wipe", "wipedown")]

    @Test func transitionFramesMatchXfadeAndPassthroughFramesMatchTheSource() throws {
        let media = try TestMedia.shared()
        let dir = try TempDir("xfade")
        defer { dir.remove() }
        let ids = ["a", "b", "c", "d"]
        let json = """
        {
          \(Rendering.assets(Array(zip(ids, media.clips)))),
          "videos": [ \(ids.map { Rendering.clip($0, duration: "2") }.joined(separator: ", ")) ],
          "transitions": [ \(Self.kinds.map { Rendering.transition($0.0, "0.5") }.joined(separator: ", ")) ],
          \(Rendering.output(width: 160, height: 90))
        }
        """
        let out = dir("out.mov")
        let (project, _) = try Rendering.render(try Rendering.write(json, in: dir), to: out, storage: dir("store"),
                                                lossless: true)
        #expect(project.plan.totalFrames == 195)
        let ours = try Decoded.frames(of: out, width: 160, height: 90, scratch: dir.url)
        let reference = try xfadeReference(media, dir: dir)
        let sources = try media.clips.map { try Decoded.frames(of: $0, width: 160, height: 90, scratch: dir.url) }
        try #require(ours.count == 195 && reference.count == 195 && sources.allSatisfy { $0.count >= 60 })

        var worst: [String: (all: Double, luma: Double)] = [:]
        var passthroughWorst = Double.infinity
        for k in 0..<195 {
            // Clip i starts at frame 45·i; its transition in covers frames [45·i, 45·i + 15).
            let i = min(k / 45, 3), local = k - 45 * i
            if i > 0 && local < 15 {
                let kind = Self.kinds[i - 1].0
                let all = Decoded.psnr(ours[k], reference[k]), luma = Decoded.psnr(ours[k], reference[k], lumaOnly: true)
                let w = worst[kind] ?? (.infinity, .infinity)
                worst[kind] = (min(w.all, all), min(w.luma, luma))
                #expect(all >= 35, "\(kind) frame \(k) (\(local)/15): \(all) dB")
                #expect(luma >= 40, "\(kind) frame \(k) (\(local)/15): luma \(luma) dB")
            } else {
                let psnr = Decoded.psnr(ours[k], sources[i][local])
                passthroughWorst = min(passthroughWorst, psnr)
                #expect(psnr >= 45, "frame \(k) = clip \(ids[i]) frame \(local): \(psnr) dB")
            }
        }
        #expect(worst.count == 3)
        for (kind, w) in worst.sorted(by: { $0.key < $1.key }) {
            print("xfade e2e \(kind): min PSNR \(String(format: "%.2f", w.all)) dB, min luma \(String(format: "%.2f", w.luma)) dB")
        }
        print("xfade e2e passthrough: min PSNR \(passthroughWorst) dB")
    }

    /// FFmpeg's rendering of the same edit: the first 2 s of each clip through a chain of xfades.
    func xfadeReference(_ media: TestMedia, dir: TempDir) throws -> [YUVFrame] {
        let raw = dir("reference.yuv")
        var inputs: [String] = []
        for clip in media.clips { inputs += ["-t", "2", "-i", clip.path] }
        let graph = "[0:v][1:v]xfade=transition=fade:duration=0.5:offset=1.5[x1];"
            + "[x1][2:v]xfade=transition=slideleft:duration=0.5:offset=3[x2];"
            + "[x2][3:v]xfade=transition=wipedown:duration=0.5:offset=4.5,format=yuv420p[v]"
        try Shell.ffmpeg(inputs + ["-filter_complex", graph, "-map", "[v]", "-f", "rawvideo", "-pix_fmt", "yuv420p", raw.path])
        return try Decoded.split(raw: raw, width: 160, height: 90)
    }
}
