import Foundation
import ReelFarm
import ReelPlan
import ReelTestSupport
import Testing

/// A still-image montage: a PNG (320x240, pillarboxed into 160x90), a dissolve, a JPEG (160x90), a push
/// into a video clip, and music ducked under the clip's audio. Lossless renders at 30 and 29.97 fps
/// are checked for their exact frame counts (worked out here in integers), for stills that do not
/// move, against FFmpeg's own scale+pad of the PNG, and cut into one segment versus 7-frame segments.
@Suite struct StillImageRenderTests {
    /// 1 + 1.001 + 1 − 0.5 − 0.4 = 2.101 s; ceil(2.101 · fps) frames.
    static func frames(_ rate: OutputRate) -> Int64 { (2101 * rate.fpsNum + 1000 * rate.fpsDen - 1) / (1000 * rate.fpsDen) }

    static func composition(_ media: SharedClips, dir: TempDir, rate: OutputRate) throws -> URL {
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=320x240", "-frames:v", "1", dir("photo.png").path])
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "color=c=0x3070c0:s=160x90", "-frames:v", "1", "-q:v", "2",
                                dir("blue.jpg").path])
        // Named without an extension: a still is recognised by its content.
        try FileManager.default.moveItem(at: dir("blue.jpg"), to: dir("blue"))
        return try Rendering.write("""
        {
          \(Rendering.assets([("photo", dir("photo.png")), ("blue", dir("blue")), ("a", media.clips[0]), ("music", media.music)])),
          "videos": [ { "asset": "photo", "duration": "1" }, { "asset": "blue", "duration": "1001/1000" },
                      \(Rendering.clip("a", duration: "1")) ],
          "transitions": [ \(Rendering.transition("dissolve", "0.5")), \(Rendering.transition("push", "0.4")) ],
          "music": { "asset": "music", "sourceRange": { "start": "0", "duration": "3" },
                     "ducking": { "under": "clips", "gain": "1/3", "attack": "0.2", "release": "0.1" } },
          \(Rendering.output(width: 160, height: 90, fps: rate.fps,
                             extra: #", "audio": { "sampleRate": \#(rate.sampleRate), "channels": 2 }"#))
        }
        """, in: dir)
    }

    @Test(arguments: [OutputRate.thirty, .ntsc])
    func aMontageHasExactFramesStillPicturesAndNoSeams(_ rate: OutputRate) throws {
        let media = try SharedClips.shared()
        let dir = try TempDir("stills")
        defer { dir.remove() }
        let composition = try Self.composition(media, dir: dir, rate: rate)
        let whole = dir("whole.mov"), cut = dir("cut.mov")
        let project = try Rendering.project(composition, lossless: true, container: "mov")
        _ = try Rendering.renderAsOneSegment(project, to: whole, storage: dir("store-whole"))
        let (cutProject, _) = try Rendering.render(composition, to: cut, storage: dir("store-cut"),
                                                   segmentSeconds: "\(7 * rate.fpsDen)/\(rate.fpsNum)", lossless: true)
        #expect(cutProject.plan.segments.count >= 6)
        let frames = try Decoded.frames(of: whole, width: 160, height: 90, scratch: dir.url)
        let other = try Decoded.frames(of: cut, width: 160, height: 90, scratch: dir.url)
        #expect(Int64(frames.count) == Self.frames(rate) && project.plan.totalFrames == Self.frames(rate))
        #expect(other == frames, "the 7-frame-segment render differs from the one-segment render")
        let wholeAudio = try Decoded.samples(of: whole, scratch: dir.url), cutAudio = try Decoded.samples(of: cut, scratch: dir.url)
        #expect(wholeAudio.map(\.bitPattern) == cutAudio.map(\.bitPattern))
        // The photo holds still until the dissolve (0.5 s), and matches FFmpeg's fit of the PNG.
        let dissolveStart = Int(rate.fpsNum / (2 * rate.fpsDen))
        #expect(frames[1..<dissolveStart].allSatisfy { $0 == frames[0] })
        #expect(frames[dissolveStart + 2] != frames[0])
        let reference = try fittedReference(dir("photo.png"), dir: dir)
        let psnr = Decoded.psnr(frames[0], reference)
        #expect(psnr >= 35)
        // The JPEG, after the dissolve and before the push: flat blue (Y ≈ 105 for 0x3070c0 in BT.709 limited range).
        let blue = frames[Int(rate.fpsNum * 5 / (4 * rate.fpsDen))]
        #expect(abs(Int(blue.luma(80, 45)) - 105) <= 4, "luma \(blue.luma(80, 45))")
    }

    /// The PNG fitted into 160x90 by FFmpeg: scaled to 120x90 (bicubic, BT.709 like the output), centred on black.
    func fittedReference(_ png: URL, dir: TempDir) throws -> YUVFrame {
        let raw = dir("reference.yuv")
        try TestProcess.ffmpeg(["-i", png.path, "-vf", "scale=120:90:flags=bicubic:out_color_matrix=bt709,pad=160:90:20:0:black,format=yuv420p",
                                "-frames:v", "1", "-f", "rawvideo", raw.path])
        return try #require(try Decoded.split(raw: raw, width: 160, height: 90).first)
    }
}
