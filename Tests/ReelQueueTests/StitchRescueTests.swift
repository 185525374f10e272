import Foundation
import Testing
@testable import ReelQueue

/// A stitch step whose worker keeps dying (its lease keeps expiring) is limited like a segment: each
/// expiry is recorded, the step waits out the backoff, and at max attempts the job fails.
@Suite struct StitchRescueTests {
    @Test("a stitch crash loop ends: errors recorded, backoff kept, the job fails at max attempts",
          arguments: QueueKind.allCases)
    func stitchCrashLoop(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let jobID = try insert(q, makeSpec(segments: 1, maxAttempts: 2))
            while let c = try claimOne(q) { #expect(try complete(q, c.lease)) }
            let backoff = Backoff(base: .seconds(10), cap: .seconds(60))
            let first = try #require(try q.stitchClaim(StitchClaimParams(workerID: "crasher-1", leaseDuration: .seconds(30))))
            #expect(first.lease.attempt == 1)

            clock.advance(by: .seconds(31))
            #expect(try q.stitchClaim(StitchClaimParams(workerID: "eager")) == nil, "claimed before the rescue recorded it")
            #expect(try q.rescueExpired(RescueParams(backoff: backoff)) == 1)
            let waiting = try q.jobGet(jobID)
            #expect(waiting.state == .stitching && waiting.error == "stitch attempt 1: lease expired (worker crasher-1)")
            #expect(try q.stitchHeartbeat(first.lease, leaseDuration: .seconds(30)) == .lost, "the dead attempt is fenced out")
            #expect(try q.stitchClaim(StitchClaimParams(workerID: "eager")) == nil, "claimed during the backoff")
            #expect(try q.rescueExpired(RescueParams(backoff: backoff)) == 0, "a rescued step is not rescued twice")

            clock.advance(by: .seconds(11))
            let second = try #require(try q.stitchClaim(StitchClaimParams(workerID: "crasher-2", leaseDuration: .seconds(30))))
            #expect(second.lease.attempt == 2)
            clock.advance(by: .seconds(31))
            #expect(try q.rescueExpired(RescueParams(backoff: backoff)) == 1)
            let failed = try q.jobGet(jobID)
            #expect(failed.state == .failed, "\(failed.state)")
            #expect(failed.error == "stitch attempt 2: lease expired (worker crasher-2); no stitch attempts left")
            #expect(try q.stitchClaim(StitchClaimParams(workerID: "eager")) == nil)
        }
    }

    @Test("a stitcher sends segments with missing parts back: job running, attempts reset, error kept, fenced",
          arguments: QueueKind.allCases)
    func requeueMissingParts(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let jobID = try insert(q, makeSpec(segments: 3, maxAttempts: 1))
            while let c = try claimOne(q) { #expect(try complete(q, c.lease)) }
            let claim = try #require(try q.stitchClaim(StitchClaimParams(workerID: "stitcher")))
            let lost = try #require(claim.segments.first { $0.index == 1 })
            #expect(try q.stitchRequeue(claim.lease, segmentIDs: [lost.id], message: "part missing at stitch"))
            #expect(try q.jobGet(jobID).state == .running)
            let segments = try q.segmentList(jobID: jobID)
            #expect(segments.map(\.state) == [.done, .available, .done])
            #expect(segments[1].attempt == 0 && segments[1].partLocation == nil)
            #expect(segments[1].errors.map(\.message) == ["part missing at stitch"])
            #expect(try q.stitchRequeue(claim.lease, segmentIDs: [lost.id], message: "again") == false, "the lease is gone")
            #expect(try q.jobComplete(claim.lease) == false, "the old stitch lease cannot complete the job")

            let again = try #require(try claimOne(q, worker: "re-render"))
            #expect(again.segment.id == lost.id && again.lease.attempt == 1, "max attempts 1 still allows the re-render")
            #expect(try complete(q, again.lease))
            let second = try #require(try q.stitchClaim(StitchClaimParams(workerID: "stitcher-2")))
            #expect(try q.jobComplete(second.lease))
            #expect(try q.jobGet(jobID).state == .done)
        }
    }

    @Test("a claim repeated with its token (a lost reply) returns what it holds: no orphaned lease, no attempt burned",
          arguments: QueueKind.allCases)
    func idempotentClaim(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let jobID = try insert(q, makeSpec(segments: 3))
            let token = UUID()
            let params = SegmentClaimParams(workerID: "w", limit: 2, leaseDuration: .seconds(30), token: token)
            let first = try q.segmentClaim(params)
            let again = try q.segmentClaim(params)
            #expect(first.count == 2 && again.map(\.lease) == first.map(\.lease), "\(first.map(\.lease)) vs \(again.map(\.lease))")
            #expect(first.allSatisfy { $0.lease.token == token && $0.lease.attempt == 1 })
            let segments = try q.segmentList(jobID: jobID)
            #expect(segments.filter { $0.state == .running }.count == 2 && segments.allSatisfy { $0.attempt <= 1 })
            let other = try q.segmentClaim(SegmentClaimParams(workerID: "w2", limit: 2))
            #expect(other.count == 1, "a new token claims what is left")
            #expect(try complete(q, first[0].lease))
        }
    }
}
