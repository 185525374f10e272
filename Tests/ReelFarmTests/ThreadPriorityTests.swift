import Foundation
import Synchronization
import Testing
@testable import ReelFarm

/// A worker host's threads are named by `ThreadPriority.enter` as their first step, which is when Foundation's
/// `Thread.name` setter may still lack the thread's handle (it is stored after `pthread_create` returns): the
/// worker priority test once found no `reel-stitch` thread for 30 s. Every thread that names itself must show
/// the name in /proc, however soon after its start it does so.
@Suite struct ThreadPriorityTests {
    @Test("300 threads that name themselves first thing all show their names in /proc/self/task/*/comm")
    func everyThreadShowsItsName() throws {
        let count = 300
        let named = Mutex(0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for index in 0..<count {
            finished.enter()
            Thread {
                ThreadPriority.enter(name: "reel-name-\(index)", niceness: 0)
                named.withLock { $0 += 1 }
                release.wait()
                finished.leave()
            }.start()
        }
        defer {
            for _ in 0..<count { release.signal() }
            finished.wait()
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while named.withLock({ $0 }) < count && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        try #require(named.withLock { $0 } == count, "only \(named.withLock { $0 }) of \(count) threads started")
        var names = Set<String>()
        for tid in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") {
            if let comm = try? String(contentsOfFile: "/proc/self/task/\(tid)/comm", encoding: .utf8) {
                names.insert(comm.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        let missing = (0..<count).map { "reel-name-\($0)" }.filter { !names.contains($0) }
        #expect(missing.isEmpty, "\(missing.count) of \(count) threads kept another name: \(missing.prefix(10))")
    }
}
