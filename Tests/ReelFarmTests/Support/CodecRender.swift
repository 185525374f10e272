import Foundation
import ReelFarm
import ReelTestSupport

/// A short programme rendered with a given `output.video` (issue 20's codecs): many segments, one segment, and the
/// outside checks every codec gets (ffprobe's view, a clean full decode, packet and frame hashes).
struct CodecRender {
    let dir: TempDir
    let many: URL
    let one: URL
    let project: Project

    static let width = 320, height = 180

    /// Two clips with a dissolve at 320x180, 30 fps, 2.5 s (75 frames), cut into 1 s segments, and the same as one.
    /// - Parameters:
    ///   - video: the members of `output.video`.
    ///   - extra: more members of `output` (`"audio": …`).
    static func make(_ name: String, video: String, container: String, extra: String = "") throws -> CodecRender {
        let media = try SharedClips.shared()
        let c = media.clips
        let dir = try TempDir("codec-\(name)")
        let json = """
        { \(Rendering.assets([("a", c[0]), ("b", c[1])])),
          "videos": [ \(Rendering.clip("a", duration: "1.5")), \(Rendering.clip("b", start: "0.5", duration: "1.5")) ],
          "transitions": [ \(Rendering.transition("dissolve", "0.5")) ],
          "output": { "width": \(width), "height": \(height), "frameRate": "30", "video": { \(video) },
                      "container": "\(container)"\(extra) } }
        """
        let comp = try Rendering.write(json, in: dir)
        let many = dir("many.\(container)"), one = dir("one.\(container)")
        let (project, _) = try Rendering.render(comp, to: many, storage: dir("store"), segmentSeconds: "1")
        _ = try Rendering.renderAsOneSegment(project, to: one, storage: dir("store-one"))
        return CodecRender(dir: dir, many: many, one: one, project: project)
    }

    /// The frame each segment after the first starts on: the seams.
    var seamFrames: [Int] { project.plan.segments.dropFirst().map { Int($0.frames.lowerBound) } }

    /// ffprobe's view of the first video stream, frames counted by decoding.
    static func probe(_ file: URL) throws -> [String: String] {
        try TestProcess.probe(file, stream: "v:0", entries: "codec_name,profile,pix_fmt,codec_tag_string,color_space,"
                              + "color_transfer,color_primaries,nb_read_frames", countFrames: true)
    }

    /// Decodes every stream to the end with `-xerror`, so any decoding error fails; returns FFmpeg's complaints.
    static func cleanDecodeErrors(_ file: URL) throws -> String {
        try TestProcess.ffmpeg(["-xerror", "-i", file.path, "-f", "null", "-"]).stderr
    }

    /// One line per video packet (timestamps, size and the MD5 of its bytes), copied without decoding.
    static func packetHashes(_ file: URL, scratch: URL) throws -> [String] {
        try Decoded.frameHashes(of: file, scratch: scratch, extra: ["-c:v", "copy"])
    }

    /// Per-frame PSNR (yuv420p, as `Decoded` compares) of `file` against `reference`. Every decoded frame once
    /// (`-fps_mode passthrough`): Matroska's millisecond timestamps would make a constant-rate output repeat one.
    static func psnrs(_ file: URL, against reference: URL, scratch: URL) throws -> [Double] {
        let once = ["-fps_mode", "passthrough"]
        let a = try Decoded.frames(of: file, width: width, height: height, scratch: scratch, extra: once)
        let b = try Decoded.frames(of: reference, width: width, height: height, scratch: scratch, extra: once)
        guard a.count == b.count, !a.isEmpty else { throw TestFailure("\(a.count) frames against \(b.count)") }
        return zip(a, b).map { Decoded.psnr($0, $1) }
    }

    /// The same programme rendered by Reel as lossless H.264 (`--lossless`) in MOV, once per `CodecRender`.
    func losslessReference() throws -> URL {
        let out = dir("lossless.mov")
        if FileManager.default.fileExists(atPath: out.path) { return out }
        _ = try Rendering.render(dir("comp.json"), to: out, storage: dir("store-lossless"), segmentSeconds: "1",
                                 lossless: true)
        return out
    }

    /// Mean PSNR against Reel's lossless render of the 3-segment output and of the ffmpeg CLI encoding that lossless
    /// render with `cli` (the same codec settings, the same swscale flags, BT.709 tags), as `(reel, cli)`.
    func meanPSNRs(cli: [String], container: String) throws -> (reel: Double, cli: Double) {
        let lossless = try losslessReference(), encoded = dir("cli.\(container)")
        try TestProcess.ffmpeg(["-i", lossless.path, "-map", "0:v:0"] + cli
                               + ["-sws_flags", "bicubic+accurate_rnd+bitexact", "-color_primaries", "bt709",
                                  "-color_trc", "bt709", "-colorspace", "bt709", encoded.path])
        let reel = try Self.psnrs(many, against: lossless, scratch: dir.url)
        let theirs = try Self.psnrs(encoded, against: lossless, scratch: dir.url)
        return (reel.reduce(0, +) / Double(reel.count), theirs.reduce(0, +) / Double(theirs.count))
    }

    func remove() { dir.remove() }
}
