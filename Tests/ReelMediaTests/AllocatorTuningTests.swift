import Foundation
import Testing
@testable import ReelMedia

@Suite struct AllocatorTuningTests {
    /// Every encoder open fixes glibc's mmap threshold, so large encoder buffers go back to the system
    /// when a part is finished and a worker's RSS stays flat over many segments (bench/README.md).
    @Test func openingAPartWriterFixesTheMmapThreshold() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let writer = try VideoPartWriter(path: dir.appendingPathComponent("p.mp4").path,
                                        settings: OutputFixtures.makeSettings())
        try writer.append(OutputFixtures.makeFrame(0, seed: 1))
        try writer.finish()
        #if canImport(Glibc)
        #expect(AllocatorTuning.isActive)
        #expect(AllocatorTuning.mmapThreshold > 1920 * 1080, "1080p luma planes stay on the heap")
        #endif
    }
}
