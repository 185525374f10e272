import Foundation
import Glibc
import ReelMedia
import ReelModel
import ReelPlan
import ReelTestSupport
import Testing
@testable import ReelRender

/// The deep path maps no new memory per frame once a segment is under way. A 1920x1080 deep plane is 4 MB, above
/// the allocator's mmap threshold (`AllocatorTuning`), so every plane allocated per frame is a fresh mapping whose
/// ~1,000 pages fault in one by one: before the source, the colour conversion, the compositor and the dither
/// reused their planes, a 1080p HLG → SDR frame faulted about 13,000 pages (bench/README.md, the deep path).
@Suite struct DeepMemoryTests {
    /// Minor page faults of the calling thread so far (`RUSAGE_THREAD`: the renderer's own work, not the encoder's
    /// threads nor the other tests running beside this one).
    static func threadFaults() -> Int {
        var usage = rusage()
        _ = getrusage(__rusage_who_t(1), &usage)   // RUSAGE_THREAD
        return usage.ru_minflt
    }

    @Test func steadyDeepFramesFaultNoPages() throws {
        let temp = try TempDir("deepmemory")
        defer { temp.remove() }
        // A 1080p HLG source (10-bit, BT.2020): every frame takes the colour conversion and the dither.
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=10", "-t", "2",
                                "-vf", "format=yuv420p10le", "-c:v", "libx264", "-preset", "ultrafast", "-qp", "10",
                                "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc",
                                temp.url.appendingPathComponent("hlg.mp4").path])
        let json = """
            {"assets": {"a": "hlg.mp4"},
             "videos": [{"asset": "a", "sourceRange": {"start": "0", "duration": "2"}}],
             "titles": [{"text": "Deep", "size": 60, "position": "center", "timeRange": {"start": "0", "duration": "2"}}],
             "output": {"width": 1920, "height": 1080, "frameRate": "10",
                        "video": {"codec": "h264", "preset": "ultrafast", "crf": 30}}}
            """
        let plan = try DeepRenderMedia.plan(json, in: temp.url)
        #expect(plan.isDeep)
        let renderer = SegmentRenderer(plan: plan, store: PartStore(root: temp.url.appendingPathComponent("store").path))
        var faults: [Int] = []
        _ = try renderer.renderDeepVideo(try DeepRenderMedia.wholeSegment(plan),
                                         to: temp.url.appendingPathComponent("part.mp4").path,
                                         isCanceled: { false }, progress: { _ in faults.append(Self.threadFaults()) })
        try #require(faults.count == 20)
        // Frames 5…20: the first frames make the planes, the encoder's buffers and its lookahead.
        let perFrame = Double(faults[19] - faults[4]) / 15
        print("deep 1080p frame: \(perFrame) page faults per frame on the rendering thread")
        // Measured after the change: about 0 to 40 (encoder frame buffers); before it, about 10,000.
        #expect(perFrame < 500, "a steady deep frame faulted \(perFrame) pages: planes are allocated per frame")
    }
}
