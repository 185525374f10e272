import Foundation
import Synchronization
import Testing
@testable import ReelQueue

/// One suite, every driver: the in-memory queue and the PostgreSQL queue must behave alike.
@Suite struct SegmentQueueConformanceTests {
    @Test("16 concurrent claimers never get the same segment", arguments: QueueKind.allCases)
    func concurrentClaimsAreDisjoint(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let jobID = try insert(q, makeSpec(segments: 240))
            let seen = Mutex<[Int64]>([])
            let errors = onThreads(16) { t in
                while true {
                    let claimed = try q.segmentClaim(SegmentClaimParams(workerID: "w\(t)", limit: 1 + t % 3))
                    if claimed.isEmpty { return }
                    for c in claimed {
                        seen.withLock { $0.append(c.segment.id) }
                        guard try complete(q, c.lease) else { throw FixtureError(description: "complete refused") }
                    }
                }
            }
            #expect(errors.isEmpty, "\(errors)")
            let ids = seen.withLock { $0 }
            #expect(ids.count == 240)
            #expect(Set(ids).count == ids.count, "a segment was claimed twice")
            let status = try q.jobStatus(jobID)
            #expect(status.segmentsByState[.done] == 240)
            #expect(status.framesDone == 2400)
        }
    }

    @Test("claims follow priority, then schedule, then id", arguments: QueueKind.allCases)
    func priorityOrder(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let low = try insert(q, makeSpec(name: "low", segments: 2, priority: 0))
            clock.advance(by: .seconds(1))
            let high = try insert(q, makeSpec(name: "high", segments: 2, priority: 10))
            let mid = try insert(q, makeSpec(name: "mid", segments: 1, priority: 5))
            var order: [(Int64, Int)] = []
            while let c = try claimOne(q) { order.append((c.lease.jobID, c.segment.index)) }
            let expected: [(Int64, Int)] = [(high, 0), (high, 1), (mid, 0), (low, 0), (low, 1)]
            #expect(order.map(\.0) == expected.map(\.0))
            #expect(order.map(\.1) == expected.map(\.1))
            #expect(try q.jobGet(high).state == .running)
        }
    }

    @Test("an expired lease is rescued with its error recorded; the zombie cannot commit", arguments: QueueKind.allCases)
    func expiredLeaseRescuedAndZombieFenced(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let jobID = try insert(q, makeSpec(segments: 1))
            let zombie = try #require(try claimOne(q, worker: "w-dead", lease: .seconds(30)))
            clock.advance(by: .seconds(29))
            #expect(try q.rescueExpired(RescueParams(backoff: .none)) == 0, "lease still valid")
            clock.advance(by: .seconds(2))
            #expect(try q.rescueExpired(RescueParams(backoff: .none)) == 1)
            let seg = try #require(try q.segmentList(jobID: jobID).first)
            #expect(seg.state == .available)
            #expect(seg.errors.map(\.message) == ["lease expired (worker w-dead)"])
            #expect(seg.errors.first?.attempt == 1)
            #expect(try q.segmentHeartbeat(zombie.lease, leaseDuration: .seconds(30)) == .lost)

            let fresh = try #require(try claimOne(q, worker: "w-live"))
            #expect(fresh.lease.attempt == 2)
            #expect(fresh.lease.token != zombie.lease.token)
            #expect(try complete(q, zombie.lease, part: "/parts/zombie.mp4") == false, "zombie completion refused")
            #expect(try q.segmentFail(SegmentFailParams(lease: zombie.lease, message: "late")) == .fencedOut)
            #expect(try complete(q, fresh.lease, part: "/parts/live.mp4"))
            let done = try #require(try q.segmentList(jobID: jobID).first)
            #expect(done.state == .done)
            #expect(done.partLocation == "/parts/live.mp4")
            #expect(done.leasedBy == "w-live")
        }
    }

    @Test("failures back off, then fail the job with a readable reason", arguments: QueueKind.allCases)
    func backoffAndMaxAttempts(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let jobID = try insert(q, makeSpec(segments: 5, maxAttempts: 3))
            let backoff = Backoff(base: .seconds(10), cap: .seconds(15))
            let all = try q.segmentClaim(SegmentClaimParams(workerID: "w1", limit: 5))
            #expect(all.map(\.segment.index) == [0, 1, 2, 3, 4])
            for c in all where c.segment.index < 3 { #expect(try complete(q, c.lease)) }
            let bystander = all[4].lease
            var lease = all[3].lease
            for attempt in 1...2 {
                let t0 = clock.now()
                let r = try q.segmentFail(SegmentFailParams(lease: lease, message: "boom", backoff: backoff))
                let delay: Duration = attempt == 1 ? .seconds(10) : .seconds(15)
                #expect(r == .retrying(at: t0.adding(delay)))
                clock.advance(by: delay - .seconds(1))
                #expect(try claimOne(q) == nil, "not claimable before its backoff ends")
                clock.advance(by: .seconds(1))
                lease = try #require(try claimOne(q, worker: "w2")).lease
                #expect(lease.attempt == attempt + 1)
            }
            let final = try q.segmentFail(SegmentFailParams(lease: lease, message: "boom", backoff: backoff))
            #expect(final == .failed(reason: "segment 3, attempt 3: boom"))
            let job = try q.jobGet(jobID)
            #expect(job.state == .failed)
            #expect(job.error == "segment 3, attempt 3: boom")
            #expect(try q.segmentHeartbeat(bystander, leaseDuration: .seconds(30)) == .canceled)
            let status = try q.jobStatus(jobID)
            #expect(status.segmentsByState[.done] == 3 && status.segmentsByState[.failed] == 1)
            #expect(status.segmentsByState[.canceled] == 1)
            #expect(status.failures.map(\.description) == (1...3).map { "segment 3, attempt \($0): boom" })
            #expect(try claimOne(q) == nil)
        }
    }

    @Test("cancel stops running segments, keeps finished parts, allows no more claims", arguments: QueueKind.allCases)
    func cancel(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let jobID = try insert(q, makeSpec(segments: 4))
            let a = try #require(try claimOne(q)), b = try #require(try claimOne(q))
            #expect(try complete(q, a.lease, part: "/parts/a.mp4"))
            #expect(try q.jobCancel(jobID))
            #expect(try q.segmentHeartbeat(b.lease, leaseDuration: .seconds(30)) == .canceled)
            #expect(try complete(q, b.lease) == false)
            #expect(try claimOne(q) == nil)
            #expect(try q.stitchClaim(StitchClaimParams(workerID: "s")) == nil)
            let segs = try q.segmentList(jobID: jobID)
            #expect(segs.map(\.state) == [.done, .canceled, .canceled, .canceled])
            #expect(segs[0].partLocation == "/parts/a.mp4")
            #expect(try q.jobGet(jobID).state == .canceled)
            #expect(try q.jobCancel(jobID) == false, "a canceled job is not active")
        }
    }

    @Test("retry requeues failed and canceled segments; the job can then finish", arguments: QueueKind.allCases)
    func retry(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let jobID = try insert(q, makeSpec(segments: 3, maxAttempts: 1))
            let a = try #require(try claimOne(q)), b = try #require(try claimOne(q))
            #expect(try complete(q, a.lease))
            #expect(try q.jobRetry(jobID) == 0, "an active job is not retried")
            #expect(try q.segmentFail(SegmentFailParams(lease: b.lease, message: "disk full")) ==
                .failed(reason: "segment 1, attempt 1: disk full"))
            #expect(try q.jobRetry(jobID) == 2)
            let job = try q.jobGet(jobID)
            #expect(job.state == .queued && job.error == nil && job.finishedAt == nil)
            let segs = try q.segmentList(jobID: jobID)
            #expect(segs.map(\.state) == [.done, .available, .available])
            #expect(segs[1].attempt == 0 && segs[1].errors.count == 1, "history kept, attempts fresh")
            while let c = try claimOne(q) { #expect(try complete(q, c.lease)) }
            let stitch = try #require(try q.stitchClaim(StitchClaimParams(workerID: "s1")))
            #expect(stitch.segments.map(\.index) == [0, 1, 2])
            #expect(try q.jobComplete(stitch.lease))
            #expect(try q.jobGet(jobID).state == .done)
        }
    }
}
