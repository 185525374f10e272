import Foundation
import ReelQueue
import Synchronization
import Testing
@testable import ReelFarm

/// A worker loads each job's project once: a segment of a cached job does not read its job row (composition text
/// included) again (issue 19 §4).
@Suite struct ProjectCacheTests {
    @Test("a cached project is returned without reading the job row")
    func cachedWithoutTheRow() throws {
        let bench = try TrustBench("cache")
        defer { bench.remove() }
        let project = try bench.project(try bench.composition())
        let job = try bench.insertJob(project, output: bench.path("out/x.mp4"))
        let cache = ProjectCache()
        let reads = Mutex(0)
        let load = { () throws(QueueError) -> Job in
            reads.withLock { $0 += 1 }
            return try bench.queue.jobGet(job)
        }
        let first = try cache.project(forJobID: job, job: load).get()
        let second = try cache.project(forJobID: job, job: load).get()
        #expect(reads.withLock { $0 } == 1, "the job row was read \(reads.withLock { $0 }) times")
        #expect(first.plan.segments.map(\.contentHash) == second.plan.segments.map(\.contentHash))
    }
}
