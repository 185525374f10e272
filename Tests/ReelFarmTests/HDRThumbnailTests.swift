import Foundation
import ReelFarm
import ReelPlan
import ReelRender
import ReelTestSupport
import Testing

/// The thumbnails and the poster of a job with an HLG source, into an SDR and into an HLG output, are SDR BT.709
/// pictures as FFmpeg tone-maps the source (`tonemap=mobius`, Reel's knee and peak: docs/colour.md), not the
/// HLG codes shown as BT.709 (flat and grey).
@Suite struct HDRThumbnailTests {
    static let fromSDR = "tin=709:min=709:pin=709:rin=tv"
    static let hlg = "t=arib-std-b67:m=2020_ncl:p=2020:r=tv"
    /// FFmpeg's HLG → SDR: linear light at 203 cd/m² = 1, the gamut to BT.709, Möbius with Reel's knee and peak.
    static let toneMap = "zscale=tin=arib-std-b67:min=2020_ncl:pin=2020:rin=tv:t=linear:npl=203:p=2020:m=gbr:agamma=0,"
        + "format=gbrpf32le,zscale=p=709:agamma=0,tonemap=mobius:param=0.5:desat=0:peak=\(1000.0 / 203),zscale=t=709:m=709:p=709:r=tv:agamma=0"
    /// Measured on the camera-colour field against zimg's exact curves (`agamma=0`, docs/colour.md): the tone-mapped
    /// thumbnails and posters land 39.7–44.0 dB from FFmpeg's picture (a 160-pixel JPEG at q 5 and a second downscale
    /// cost the gap from the lossless renders, `DeepRenderColourTests`), the HLG codes shown as they are about 22 dB.
    /// Against zscale's default approximate curves it was about 31 dB, and the threshold 28.
    static let threshold = 35.0
    /// The camera-colour field of `DeepRenderColourTests` (skin, foliage, sky …) with a fixed seed.
    static let pattern = "gradients=s=320x180:r=10:n=6:c0=0x8a6f5a:c1=0x3f6b3a:c2=0x6a8fb5:c3=0xd8d2c4:c4=0x202020:"
        + "c5=0xb04030:speed=0.05:seed=7"

    /// A 2 s HLG source made from the pattern by zscale (FIELD-NOTES §7), x265 Main10 lossless.
    static func source(in dir: TempDir) throws -> URL {
        let url = dir("hlg.mkv")
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", pattern, "-t", "2",
                                "-vf", "zscale=\(fromSDR):\(hlg):npl=203:agamma=0,format=yuv420p10le", "-c:v", "libx265",
                                "-x265-params", "log-level=error:lossless=1:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc",
                                url.path])
        return url
    }

    /// Frame `n` of `file` through `filter` (nothing when empty), scaled to `size`, as packed RGB24.
    static func rgb(_ file: URL, frame n: Int = 0, filter: String = "", size: String, dir: TempDir) throws -> [UInt8] {
        let graph = "select=eq(n\\,\(n)),\(filter.isEmpty ? "" : filter + ",format=yuv444p16le,")scale=\(size):flags=bicubic"
        let raw = try TestProcess.ffmpeg(["-i", file.path, "-vf", graph, "-frames:v", "1", "-f", "rawvideo",
                                          "-pix_fmt", "rgb24", "-"]).stdoutData
        return [UInt8](raw)
    }

    /// PSNR of two RGB24 pictures of one size, in dB.
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return -.infinity }
        let sum = zip(a, b).reduce(0.0) { let d = Double(Int($1.0) - Int($1.1)); return $0 + d * d }
        return sum == 0 ? .infinity : 10 * log10(255.0 * 255.0 * Double(a.count) / sum)
    }

    static func db(_ x: Double) -> String { String(format: "%.2f dB", x) }

    @Test(arguments: [("sdr", #""codec": "h264", "crf": 18, "preset": "veryfast""#),
                      ("hlg", #""codec": "hevc", "bitDepth": 10, "crf": 18, "preset": "veryfast""#)])
    func hlgJobPicturesAreToneMapped(_ colour: String, _ video: String) throws {
        let dir = try TempDir("hdr-thumbs")
        defer { dir.remove() }
        let source = try Self.source(in: dir)
        let comp = try Rendering.write("""
            {"assets": {"a": "\(source.path)"}, "videos": [\(Rendering.clip("a", duration: "2"))],
             "output": {"width": 320, "height": 180, "frameRate": "10", "colour": "\(colour)", "video": {\(video)}}}
            """, in: dir)
        let (project, _) = try Rendering.render(comp, to: dir("out.mkv"), storage: dir("store"), segmentSeconds: "1")
        let store = PartStore(root: dir("store").path)
        let segments = project.plan.segments
        try #require(segments.count >= 2, "\(segments.count) segments")
        for segment in segments {
            let start = Int(segment.frames.lowerBound)
            let thumbnail = URL(fileURLWithPath: store.files(for: segment.contentHash).thumbnail)
            let ours = try Self.rgb(thumbnail, size: "160:90", dir: dir)
            let theirs = try Self.rgb(source, frame: start, filter: Self.toneMap, size: "160:90", dir: dir)
            let flat = try Self.rgb(source, frame: start, size: "160:90", dir: dir)
            let db = Self.psnr(ours, theirs), flatDB = Self.psnr(flat, theirs)
            print("\(colour) job, segment \(segment.index) thumbnail against FFmpeg's tone map: \(Self.db(db)); "
                  + "the HLG codes as they are: \(Self.db(flatDB))")
            #expect(db >= Self.threshold, "segment \(segment.index)'s thumbnail is \(Self.db(db)) from FFmpeg's tone map")
            #expect(flatDB < Self.threshold - 4, "the check cannot fail: the flat picture is \(Self.db(flatDB))")
            TestKeep.copy(thumbnail, as: "hdr-\(colour)-segment\(segment.index)-thumbnail.jpg")
        }
        // The poster lies beside the middle part (JobPoster); whichever segment that is, it is the one with a poster.
        let withPoster = segments.filter { FileManager.default.fileExists(atPath: store.files(for: $0.contentHash).poster) }
        let middle = try #require(withPoster.first, "no poster was written")
        let poster = URL(fileURLWithPath: store.files(for: middle.contentHash).poster)
        let ours = try Self.rgb(poster, size: "480:270", dir: dir)
        let theirs = try Self.rgb(source, frame: Int(middle.frames.lowerBound), filter: Self.toneMap, size: "480:270", dir: dir)
        let db = Self.psnr(ours, theirs)
        print("\(colour) job poster against FFmpeg's tone map: \(Self.db(db))")
        #expect(db >= Self.threshold, "the poster is \(Self.db(db)) from FFmpeg's tone map")
        TestKeep.copy(poster, as: "hdr-\(colour)-poster.jpg")
    }
}
