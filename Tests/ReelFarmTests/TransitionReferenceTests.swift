import Foundation
import ReelFarm
import ReelMedia
import ReelModel
import ReelTestOracles
import ReelTestSupport
import Testing

/// "Transitions against an outside reference": a lossless render of four 2 s clips joined by a
/// dissolve, a push and a wipe (0.5 s = 15 frames each), decoded by the ffmpeg CLI, against
///
/// - the transitions' geometry at exact progress (`TransitionOracle`) on the same decoded sources,
///   sample for sample: frame `j` of each transition at progress `j/15`, its frame 0 the outgoing clip;
/// - FFmpeg's `xfade` chain (fade, slideleft, wipedown) as a second opinion, within a tolerance. xfade
///   does not take 4:2:0 (its chroma goes through a 4:4:4 round trip), and it derives progress from
///   timestamps in single precision, so its edge can sit a column or row away, and its first slideleft
///   frame is already moved. Tolerance (PSNR, all planes): the first frame of each transition ≥ 24 dB
///   (FFmpeg 5.1.9: 27.2 dB for the push, 39 and 74 dB for the others), every later frame ≥ 35 dB
///   (measured 38.7 dB at worst, where xfade's wipe edge is a row off; 50 dB and more elsewhere).
@Suite struct TransitionReferenceTests {
    static let kinds: [(TransitionKind, String)] = [(.dissolve, "fade"), (.push, "slideleft"), (.wipe, "wipedown")]
    /// The xfade tolerance for frame `j` of a transition, in dB.
    static func xfadeFloor(_ j: Int) -> Double { j == 0 ? 24 : 35 }

    @Test func transitionFramesFollowTheirGeometryAndPassthroughFramesAreTheSource() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("xfade")
        defer { dir.remove() }
        let ours = try render(media, dir: dir).map(Self.planar)
        let sources = try media.clips.map { try Decoded.frames(of: $0, width: 160, height: 90, scratch: dir.url).map(Self.planar) }
        try #require(ours.count == 195 && sources.allSatisfy { $0.count >= 60 })
        for k in 0..<195 {
            // Clip i starts at frame 45·i; its transition in covers frames [45·i, 45·i + 15).
            let i = min(k / 45, 3), local = k - 45 * i
            guard i > 0 && local < 15 else {
                #expect(ours[k] == sources[i][local], "frame \(k) is not clip \(i) frame \(local)")
                continue
            }
            let kind = Self.kinds[i - 1].0, outgoing = sources[i - 1][local + 45]
            let want = TransitionOracle.frame(kind, outgoing, sources[i][local], j: local, n: 15)
            let difference = TransitionOracle.firstDifference(ours[k], want)
            #expect(difference == nil, "\(kind) frame \(k) (\(local)/15): \(difference ?? "")")
            if local == 0 { #expect(ours[k] == outgoing, "\(kind) frame \(k) (0/15) is not the outgoing clip") }
        }
    }

    @Test func transitionFramesStayCloseToXfade() throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("xfade2")
        defer { dir.remove() }
        let ours = try render(media, dir: dir)
        let reference = try xfadeReference(media, dir: dir)
        try #require(ours.count == 195 && reference.count == 195)
        for (n, (kind, _)) in Self.kinds.enumerated() {
            let start = 45 * (n + 1)
            let psnrs = (start..<start + 15).map { Decoded.psnr(ours[$0], reference[$0]) }
            for (j, psnr) in psnrs.enumerated() {
                #expect(psnr >= Self.xfadeFloor(j), "\(kind) frame \(start + j) (\(j)/15): \(psnr) dB against xfade")
            }
        }
    }

    /// Reel's lossless render of the edit, decoded by the ffmpeg CLI.
    func render(_ media: SharedClips, dir: TempDir) throws -> [YUVFrame] {
        let ids = ["a", "b", "c", "d"]
        let json = """
        {
          \(Rendering.assets(Array(zip(ids, media.clips)))),
          "videos": [ \(ids.map { Rendering.clip($0, duration: "2") }.joined(separator: ", ")) ],
          "transitions": [ \(Self.kinds.map { Rendering.transition($0.0.rawValue, "0.5") }.joined(separator: ", ")) ],
          \(Rendering.output(width: 160, height: 90))
        }
        """
        let out = dir("out.mov")
        let (project, _) = try Rendering.render(try Rendering.write(json, in: dir), to: out, storage: dir("store"),
                                                lossless: true)
        #expect(project.plan.totalFrames == 195)
        return try Decoded.frames(of: out, width: 160, height: 90, scratch: dir.url)
    }

    /// FFmpeg's rendering of the same edit: the first 2 s of each clip through a chain of xfades.
    func xfadeReference(_ media: SharedClips, dir: TempDir) throws -> [YUVFrame] {
        let raw = dir("reference.yuv")
        var inputs: [String] = []
        for clip in media.clips { inputs += ["-t", "2", "-i", clip.path] }
        let graph = "[0:v][1:v]xfade=transition=fade:duration=0.5:offset=1.5[x1];"
            + "[x1][2:v]xfade=transition=slideleft:duration=0.5:offset=3[x2];"
            + "[x2][3:v]xfade=transition=wipedown:duration=0.5:offset=4.5,format=yuv420p[v]"
        try TestProcess.ffmpeg(inputs + ["-filter_complex", graph, "-map", "[v]", "-f", "rawvideo", "-pix_fmt", "yuv420p", raw.path])
        return try Decoded.split(raw: raw, width: 160, height: 90)
    }

    static func planar(_ f: YUVFrame) -> PlanarFrame {
        PlanarFrame(width: f.width, height: f.height, y: Array(f.y), u: Array(f.u), v: Array(f.v))
    }
}
