import Foundation
import ReelMedia
import ReelModel
import ReelPlan
import ReelTestSupport
import Testing
@testable import ReelRender

/// The segment renderer's seam for the deep path: `composePicture` fed `DeepFrame`s (here the decoded 8-bit
/// frames widened, as `DeepFrames.widen` does) runs the whole frame pipeline (a clip with layer keys, a
/// dissolve, a title, the output mask over a background, the watermark) and, narrowed, matches the 8-bit
/// render of the same frames: luma within ±1, chroma within the 4:2:0 sampling difference of a turned
/// layer and glyph and mask edges (`DeepCompositorTests`).
@Suite struct DeepSegmentTests {
    /// libavformat's probe; title files are taken as they are (this test's fingerprints don't matter).
    struct Prober: MediaProber {
        func probe(path: String) throws -> MediaFacts { try FFmpegProber().probe(path: path) }
        func check(_ file: TitleFile) throws -> String { "" }
    }

    static func composition(_ dir: URL) throws -> Plan {
        for (name, source) in [("a.mp4", "testsrc2=size=320x180:rate=10"), ("b.mp4", "smptebars=size=320x180:rate=10")] {
            try TestProcess.ffmpeg(["-f", "lavfi", "-i", "\(source):duration=3", "-pix_fmt", "yuv420p", "-c:v", "libx264",
                                    "-crf", "18", dir.appendingPathComponent(name).path])
        }
        // A logo whose alpha ramps from left to right.
        let logo = "color=c=0x20C0F0:s=48x32,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='4*X+40'"
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", logo, "-frames:v", "1", dir.appendingPathComponent("logo.png").path])
        let json = """
            {"assets": {"a": "a.mp4", "b": "b.mp4"},
             "videos": [{"asset": "a", "sourceRange": {"start": "0", "duration": "2"},
                         "transform": [{"time": "0", "value": {"scale": "0.8", "rotation": "7"}}]},
                        {"asset": "b", "sourceRange": {"start": "0", "duration": "2"}}],
             "transitions": [{"type": "dissolve", "duration": "1"}],
             "titles": [{"text": "Deep", "size": 40, "color": "#FFE060", "position": "center",
                         "timeRange": {"start": "0", "duration": "3"}}],
             "watermark": {"image": "logo.png", "position": "top-left", "opacity": "0.8", "scale": "0.2"},
             "output": {"width": 320, "height": 180, "frameRate": "10", "mask": {"shape": "circle", "feather": "4"},
                        "background": "#3060A0"}}
            """
        let loaded = try CompositionLoader.load(data: Array(json.utf8), baseDirectory: dir.path, prober: Prober())
        return try Plan(composition: loaded.composition)
    }

    @Test func deepPipelineMatchesThe8BitRender() throws {
        let temp = try TempDir("render")
        defer { temp.remove() }
        let plan = try Self.composition(temp.url)
        let renderer = SegmentRenderer(plan: plan, store: PartStore(root: temp.url.appendingPathComponent("store").path))
        var sources = VideoSources(renderer: renderer, width: 320, height: 180)
        var deep = DeepFrame(width: 320, height: 180)
        for f: Int64 in [0, 12, 15, 25] {
            let planar = try renderer.picture(atFrame: f)
            try renderer.composePicture(f, colour: .bt709, source: { DeepFrames.widen(try sources.frame($0)) }, into: &deep)
            sources.closeUnused()
            let d = DeepFrames.compare(deep, planar)
            #expect(d.luma.max <= 1, "frame \(f): luma differs by \(d.luma.max)")
            // Measured: chroma differs by 7…19 in at most 10.1 % of the samples (the turned layer's bilinear taps).
            #expect(d.chroma.max <= 24, "frame \(f): chroma differs by \(d.chroma.max)")
            #expect(Double(d.chroma.count) <= 0.11 * Double(2 * planar.u.count), "frame \(f): \(d.chroma.count) differ")
        }
    }
}
