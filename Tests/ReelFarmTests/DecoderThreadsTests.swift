import Foundation
import ReelTestSupport
import Testing
@testable import ReelFarm
@testable import ReelMedia

/// A clip's decoder runs FFmpeg's frame threads only while the process's render slots leave cores free
/// (`DecoderThreads`): with a slot per core, every core already decodes or encodes.
@Suite struct DecoderThreadsTests {
    @Test(arguments: [(0, 2, 0), (1, 2, 0), (2, 2, 1), (3, 2, 1), (8, 16, 0), (16, 16, 1), (1, 1, 1)])
    func oneThreadOnceTheSlotsFillTheCores(slots: Int, cores: Int, threads: Int32) {
        #expect(DecoderThreads.perDecoder(slots: slots, cores: cores) == threads)
    }

    #if canImport(Glibc) && compiler(>=6.2)
    /// A render with a slot per core: its decoders ran one thread each. In a fresh process (an exit test), so no other
    /// test's host sets the count meanwhile.
    @Test("a render with a slot per core opens its clips' decoders with one thread")
    func aRenderWithASlotPerCoreDecodesOnOneThread() async {
        await #expect(processExitsWith: .exitCode(0)) {
            do {
                let media = try SharedClips.shared()
                let dir = try TempDir("decoder-threads")
                defer { dir.remove() }
                let cores = ProcessInfo.processInfo.activeProcessorCount
                #expect(DecoderThreads.perDecoder == 0, "before any host, the automatic count")
                let comp = try Rendering.write(IncrementalRenderTests.composition(media, clipCStart: "0"), in: dir)
                _ = try Rendering.render(comp, to: dir("out.mp4"), storage: dir("store"), segmentSeconds: "1", workers: cores)
                let threads = try VideoFrameSource(path: media.clips[0].path, width: 160, height: 90).input.decoder.threadCount
                FileHandle.standardError.write(Data("\(cores) cores, \(cores) slots: \(threads) decoder threads\n".utf8))
                exit(threads == 1 && DecoderThreads.perDecoder == 1 ? 0 : 1)
            } catch {
                FileHandle.standardError.write(Data("render failed: \(error)\n".utf8))
                exit(2)
            }
        }
    }

    /// The control: with the slots leaving cores free, FFmpeg's automatic count (more than one thread on a host with
    /// more than one core), so the check above can fail.
    @Test("with cores to spare, the automatic count", .enabled(if: ProcessInfo.processInfo.activeProcessorCount >= 2,
                                                             "needs at least 2 cores: NOT checked on this host"))
    func sparesCoresKeepTheAutomaticCount() async {
        await #expect(processExitsWith: .exitCode(0)) {
            do {
                let media = try SharedClips.shared()
                DecoderThreads.set(renderSlots: 1)
                let threads = try VideoFrameSource(path: media.clips[0].path, width: 160, height: 90).input.decoder.threadCount
                exit(threads > 1 ? 0 : 1)
            } catch {
                exit(2)
            }
        }
    }
    #elseif canImport(Glibc)
    @Test(.disabled("needs Swift 6.2's exit tests: the decoders' thread count is NOT checked by this toolchain"))
    func aRenderWithASlotPerCoreDecodesOnOneThread() {}
    #endif
}
