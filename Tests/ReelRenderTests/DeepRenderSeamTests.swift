import Foundation
import ReelMedia
import ReelModel
import ReelPlan
import ReelTestSupport
import Testing
@testable import ReelRender

/// The seam rule on the deep path: HLG sources (and an 8-bit PNG still) through a dissolve, a wipe, a turned and
/// masked layer, a title, the output mask and the watermark into a lossless HEVC Main10 HLG output give the same
/// decoded frames cut into several segments as in one.
@Suite struct DeepRenderSeamTests {
    static func composition(_ dir: URL) throws -> String {
        let hlg = ColorReferenceCase.makeHLG, tags = ColorReferenceCase.hlgTags
        try DeepRenderMedia.source("a.mkv", lavfi: "testsrc2=s=320x180:r=10", make: hlg, tags: tags, in: dir)
        try DeepRenderMedia.source("b.mkv", lavfi: "smptebars=s=320x180:r=10", make: hlg, tags: tags, in: dir)
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=320x180", "-frames:v", "1",
                                dir.appendingPathComponent("still.png").path])
        let logo = "color=c=0x20C0F0:s=48x32,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='4*X+40'"
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", logo, "-frames:v", "1", dir.appendingPathComponent("logo.png").path])
        return """
            {"assets": {"a": "a.mkv", "b": "b.mkv", "still": "still.png"},
             "videos": [{"asset": "a", "sourceRange": {"start": "0", "duration": "2"},
                         "transform": [{"time": "0", "value": {"scale": "0.8", "rotation": "7"}}],
                         "mask": {"shape": "rounded-rect", "feather": "3"}},
                        {"asset": "b", "sourceRange": {"start": "0", "duration": "2"}},
                        {"asset": "still", "duration": "2"}],
             "transitions": [{"type": "dissolve", "duration": "1"}, {"type": "wipe", "duration": "1"}],
             "titles": [{"text": "HLG", "size": 40, "color": "#FFE060", "position": "center",
                         "timeRange": {"start": "0.5", "duration": "3"}}],
             "watermark": {"image": "logo.png", "position": "top-left", "opacity": "0.8", "scale": "0.2"},
             "output": {"width": 320, "height": 180, "frameRate": "10", "colour": "hlg", "container": "mkv",
                        "video": {"codec": "hevc", "lossless": true},
                        "mask": {"shape": "circle", "feather": "4"}, "background": "#3060A0"}}
            """
    }

    @Test func hlgSegmentsJoinLosslessly() throws {
        let temp = try TempDir("deep-seam")
        defer { temp.remove() }
        let json = try Self.composition(temp.url)
        let cut = try DeepRenderMedia.plan(json, in: temp.url, segmentSeconds: 1)
        #expect(cut.isDeep)
        try #require(cut.segments.count >= 3, "cut into \(cut.segments.count) segments")
        let whole = try DeepRenderMedia.wholeSegment(cut)
        let one = try DeepRenderMedia.render(cut, segments: [whole], in: temp.url, store: "one")
        let many = try DeepRenderMedia.render(cut, in: temp.url, store: "many")
        #expect(try HDRProbe.tags(one[0]) == ["bt2020", "arib-std-b67", "bt2020nc", "tv"])
        let a = try DeepRenderMedia.decoded(one, pixelFormat: "yuv420p10le")
        let b = try DeepRenderMedia.decoded(many, pixelFormat: "yuv420p10le")
        #expect(a.count == 40 * 320 * 180 * 3, "\(a.count) bytes decoded")
        #expect(a == b, "\(cut.segments.count) segments decode to other frames than one")
        // Real 10-bit codes, not 8-bit pictures widened (which are all multiples of 4).
        let luma = DeepRenderMedia.luma16(a, lumaCount: 320 * 180, chromaCount: 160 * 90)
        let off = luma.filter { $0 % 4 != 0 }.count
        #expect(off > luma.count / 4, "only \(off) of \(luma.count) luma codes are off the 8-bit grid")
    }
}
