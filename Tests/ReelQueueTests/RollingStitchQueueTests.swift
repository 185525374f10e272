import Foundation
import Testing
@testable import ReelQueue

/// The queue's side of the rolling stitch, on both drivers: a stitcher may hold a job's stitch lease while
/// its segments still render, records its prefix, and the job enters stitching only when every segment is done.
/// A job holds at most one stitch lease, whoever claims it.
@Suite struct RollingStitchQueueTests {
    static func rolling(_ worker: String, lease: Duration = .seconds(30)) -> StitchClaimParams {
        StitchClaimParams(workerID: worker, leaseDuration: lease, rolling: true)
    }

    @Test("a rolling claim waits for segment 0, leaves the job running, and excludes every other stitch claim",
          arguments: QueueKind.allCases)
    func claimWhileRendering(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let jobID = try insert(q, makeSpec(segments: 3))
            let leases = try q.segmentClaim(SegmentClaimParams(workerID: "r", limit: 3, leaseDuration: .seconds(30)))
                .sorted { $0.segment.index < $1.segment.index }.map(\.lease)
            #expect(try complete(q, leases[1]))
            #expect(try q.stitchClaim(Self.rolling("s1")) == nil, "claimed before segment 0 was done")
            #expect(try complete(q, leases[0]))
            #expect(try q.stitchClaim(StitchClaimParams(workerID: "end")) == nil, "a one-pass claim took a job still rendering")
            let claim = try #require(try q.stitchClaim(Self.rolling("s1")))
            #expect(claim.lease.attempt == 1 && claim.segments.map(\.state) == [.done, .done, .running])
            let job = try q.jobGet(jobID)
            #expect(job.state == .running && job.stitchedSegments == 0 && job.stitchStartedAt == nil)
            #expect(try q.stitchClaim(Self.rolling("s2")) == nil, "two stitchers hold one job")

            #expect(try q.stitchProgress(claim.lease, stitchedSegments: 2, leaseDuration: .seconds(30)) == .ok)
            #expect(try q.jobGet(jobID).stitchedSegments == 2)
            #expect(try q.jobGet(jobID).state == .running)
            #expect(try q.jobComplete(claim.lease) == false, "a job still rendering was completed")

            #expect(try complete(q, leases[2]))
            #expect(try q.stitchClaim(StitchClaimParams(workerID: "end")) == nil, "the held job was claimed again when done")
            #expect(try q.stitchHeartbeat(claim.lease, leaseDuration: .seconds(30)) == .ok)
            #expect(try q.jobGet(jobID).state == .running, "a plain heartbeat moved the job")
            #expect(try q.stitchProgress(claim.lease, stitchedSegments: 3, leaseDuration: .seconds(30)) == .ok)
            let stitching = try q.jobGet(jobID)
            #expect(stitching.state == .stitching && stitching.stitchedSegments == 3 && stitching.stitchStartedAt != nil)
            #expect(try q.jobComplete(claim.lease))
            let done = try q.jobGet(jobID)
            #expect(done.state == .done && done.stitchDuration != nil)
            let changes = try q.eventList(jobID: jobID).compactMap { event -> String? in
                guard case .job(let from, let to) = event.change else { return nil }
                return "\(from.map(\.rawValue) ?? "-")>\(to.rawValue)"
            }
            #expect(changes.filter { $0.hasSuffix(">stitching") }.count == 1 && changes.filter { $0.hasSuffix(">done") }.count == 1,
                    "\(changes)")
        }
    }

    @Test("a rolling claim from the first claim takes a job once segment 0 is running, not before; without it, only once done",
          arguments: QueueKind.allCases)
    func claimFromTheFirstClaim(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let jobID = try insert(q, makeSpec(segments: 3))
            var early = Self.rolling("s")
            early.fromFirstClaim = true
            #expect(try q.stitchClaim(early) == nil, "claimed before any segment was claimed")
            let leases = try q.segmentClaim(SegmentClaimParams(workerID: "r", limit: 1, leaseDuration: .seconds(30)))
            #expect(leases.map(\.segment.index) == [0])
            #expect(try q.stitchClaim(Self.rolling("late")) == nil, "a plain rolling claim took a job whose segment 0 renders")
            let claim = try #require(try q.stitchClaim(early))
            #expect(claim.job.id == jobID && claim.segments.map(\.state) == [.running, .available, .available])
            #expect(try q.jobGet(jobID).state == .running)
            #expect(try q.stitchClaim(early) == nil, "two stitchers hold one job")
        }
    }

    @Test("a range job (its segments start past index 0) rolls once its lowest segment is done",
          arguments: QueueKind.allCases)
    func rangeJobRolls(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let jobID = try insert(q, makeSpec(indices: [5, 6, 7]))
            let leases = try q.segmentClaim(SegmentClaimParams(workerID: "r", limit: 3, leaseDuration: .seconds(30)))
                .sorted { $0.segment.index < $1.segment.index }.map(\.lease)
            #expect(try complete(q, leases[1]))
            #expect(try q.stitchClaim(Self.rolling("s")) == nil, "claimed before the range's first segment was done")
            #expect(try complete(q, leases[0]))
            let claim = try #require(try q.stitchClaim(Self.rolling("s")))
            #expect(claim.job.id == jobID && claim.segments.map(\.index) == [5, 6, 7])
        }
    }

    @Test("a dead rolling stitcher's lease is rescued and claimed again with the next attempt; the old one is fenced",
          arguments: QueueKind.allCases)
    func rescueWhileRendering(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let jobID = try insert(q, makeSpec(segments: 2, maxAttempts: 3))
            let first = try #require(try claimOne(q))
            #expect(try complete(q, first.lease))
            let dead = try #require(try q.stitchClaim(Self.rolling("dead", lease: .seconds(10))))
            #expect(try q.stitchProgress(dead.lease, stitchedSegments: 1, leaseDuration: .seconds(10)) == .ok)
            clock.advance(by: .seconds(11))
            #expect(try q.rescueExpired(RescueParams(backoff: .none)) == 1)
            let rescued = try q.jobGet(jobID)
            #expect(rescued.state == .running && rescued.error == "stitch attempt 1: lease expired (worker dead)")
            #expect(try q.stitchProgress(dead.lease, stitchedSegments: 1, leaseDuration: .seconds(10)) == .lost)
            let second = try #require(try q.stitchClaim(Self.rolling("second")))
            #expect(second.lease.attempt == 2)
            #expect(try q.jobGet(jobID).stitchedSegments == 0, "the new stitcher starts over")
            #expect(try q.jobFail(dead.lease, message: "late") == false, "the dead stitcher failed the job")
            let last = try #require(try claimOne(q))
            #expect(try complete(q, last.lease))
            #expect(try q.stitchProgress(second.lease, stitchedSegments: 2, leaseDuration: .seconds(10)) == .ok)
            #expect(try q.jobComplete(second.lease))
            #expect(try q.jobGet(jobID).state == .done)
        }
    }

    @Test("a rolling stitcher may fail a job still rendering, release it, and sees a cancel",
          arguments: QueueKind.allCases)
    func failReleaseCancel(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let failing = try insert(q, makeSpec(name: "seam", segments: 2))
            let a = try #require(try claimOne(q))
            #expect(try complete(q, a.lease))
            let claim = try #require(try q.stitchClaim(Self.rolling("s")))
            #expect(try q.jobFail(claim.lease, message: "seam at segment 0"))
            let failed = try q.jobGet(failing)
            #expect(failed.state == .failed && failed.error == "stitch, attempt 1: seam at segment 0")

            #expect(try q.segmentList(jobID: failing).map(\.state) == [.done, .canceled], "a failed job's segments still render")
            let released = try insert(q, makeSpec(name: "drain", segments: 2))
            let b = try #require(try claimOne(q))
            #expect(b.segment.jobID == released)
            #expect(try complete(q, b.lease))
            let held = try #require(try q.stitchClaim(Self.rolling("draining")))
            #expect(try q.stitchRequeue(held.lease, segmentIDs: [], message: "stitcher draining"))
            #expect(try q.jobGet(released).state == .running)
            #expect(try q.segmentList(jobID: released)[0].state == .done)
            let next = try #require(try q.stitchClaim(Self.rolling("next")), "a released stitch was not claimable")
            #expect(next.lease.attempt == 2)

            #expect(try q.jobCancel(released))
            #expect(try q.stitchProgress(next.lease, stitchedSegments: 1, leaseDuration: .seconds(30)) == .canceled)
            #expect(try q.stitchHeartbeat(next.lease, leaseDuration: .seconds(30)) == .canceled)
        }
    }

    @Test("migration 5 (and those after it) goes down with a rolling stitch in flight (the lease is dropped) and up again")
    func migrationRoundTrip() throws {
        try withTestSchema { config in
            let q = try PostgresSegmentQueue(config)
            let jobID = try insert(q, makeSpec(segments: 2))
            let first = try #require(try claimOne(q))
            #expect(try complete(q, first.lease))
            let claim = try #require(try q.stitchClaim(Self.rolling("s")))
            let migrator = Migrator(config)
            let above4 = Migrations.all.map(\.version).filter { $0 > 4 }
            #expect(try migrator.migrateDown(to: 4) == above4.reversed())
            let row = try q.pool.with { c throws(QueueError) in
                try c.exec("SELECT (stitch_lease_token IS NULL)::text AS free, state FROM jobs WHERE id = $1",
                           [.int64(jobID)]).rows[0]
            }
            #expect(row.text("free") == "true" && row.text("state") == "running", "the down migration kept a running lease")
            #expect(try migrator.migrate() == above4)
            #expect(try q.stitchProgress(claim.lease, stitchedSegments: 1, leaseDuration: .seconds(30)) == .lost)
            let again = try #require(try q.stitchClaim(Self.rolling("s2")), "the job is stitchable again")
            #expect(again.lease.attempt == 2)
        }
    }
}
