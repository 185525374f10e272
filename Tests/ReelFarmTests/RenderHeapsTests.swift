import Foundation
import ReelTestSupport
import Testing
@testable import ReelFarm
@testable import ReelMedia

/// A render's threads share glibc's limited heaps (`AllocatorTuning.arenaLimit`) from its first FFmpeg call and its
/// first worker thread, not only from its first decoder: probing runs FFmpeg's threads, and the render slots and the
/// stitcher allocate before any decoder opens. Each heap they made before the limit took effect stayed for the whole
/// render and kept what its threads freed (`reel render` of the 60-minute soak had five).
@Suite struct RenderHeapsTests {
    #if canImport(Glibc) && compiler(>=6.2)
    @Test("a whole render (probe, two slots, the rolling stitcher) makes no heap beyond the limit")
    func aRenderKeepsToTheHeapLimit() async {
        await #expect(processExitsWith: .exitCode(0)) {
            do {
                let media = try SharedClips.shared()
                let dir = try TempDir("heaps")
                defer { dir.remove() }
                let comp = try Rendering.write(IncrementalRenderTests.composition(media, clipCStart: "0"), in: dir)
                // The harness's and the media generation's threads may have made heaps before the render starts.
                let before = AllocatorTuning.arenaCount ?? -1
                _ = try Rendering.render(comp, to: dir("out.mp4"), storage: dir("store"), segmentSeconds: "1")
                let heaps = AllocatorTuning.arenaCount ?? -1
                FileHandle.standardError.write(Data("heaps before the render \(before), after \(heaps)\n".utf8))
                exit(before >= 1 && heaps <= max(before, Int(AllocatorTuning.arenaLimit)) ? 0 : 1)
            } catch {
                FileHandle.standardError.write(Data("render failed: \(error)\n".utf8))
                exit(2)
            }
        }
    }
    #elseif canImport(Glibc)
    @Test(.disabled("needs Swift 6.2's exit tests: a render's heaps are NOT checked by this toolchain"))
    func aRenderKeepsToTheHeapLimit() {}
    #endif
}
