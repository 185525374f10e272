import ReelFarm
import Testing

/// `reel render`'s encoder threads for a composition that sets none: the host's cores shared by its workers,
/// never fewer than 1 nor more than the 4 every render used before.
@Suite struct HostEncoderThreadsTests {
    @Test(arguments: [(1, 1, 1), (1, 2, 2), (1, 3, 3), (1, 16, 4), (2, 2, 1), (2, 4, 2), (2, 16, 4), (8, 2, 1), (3, 8, 2)])
    func coresPerWorker(workers: Int, cores: Int, expected: Int) {
        #expect(LocalRender.hostEncoderThreads(workers: workers, cores: cores) == expected)
    }
}
