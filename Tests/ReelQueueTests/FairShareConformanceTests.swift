import Foundation
import Testing
@testable import ReelQueue

/// Fair share (docs/queue-states.md, "Fair share"), on both drivers: within a priority, the next segment goes to the
/// owner with the fewest running frames per unit of weight; ties go to the older work.
@Suite struct FairShareConformanceTests {
    /// A job of `owner` with `count` segments of `frames` frames each.
    func ownedSpec(_ owner: String, name: String, segments count: Int, frames: Int64 = 10, priority: Int = 0) -> JobSpec {
        var spec = makeSpec(name: name, segments: count, priority: priority)
        spec.owner = owner
        spec.segments = (0..<count).map { i in
            SegmentSpec(index: i, frames: Int64(i) * frames..<Int64(i + 1) * frames,
                        samples: Int64(i) * 16000..<Int64(i + 1) * 16000, contentHash: "\(owner)-\(name)-\(i)")
        }
        return spec
    }

    /// A 100-segment film of "film", then (a second later) ten 2-segment spots of "spots".
    func filmThenSpots(_ q: any SegmentQueue, _ clock: ManualQueueClock, filmFrames: Int64 = 10) throws -> (Int64, [Int64]) {
        let film = try insert(q, ownedSpec("film", name: "film", segments: 100, frames: filmFrames))
        clock.advance(by: .seconds(1))
        let spots = try (0..<10).map { i in try insert(q, ownedSpec("spots", name: "spot\(i)", segments: 2)) }
        return (film, spots)
    }

    /// The (job, segment index) of `n` claims in a row, none completed.
    func claims(_ q: any SegmentQueue, _ n: Int) throws -> [(job: Int64, index: Int)] {
        try (0..<n).compactMap { i in try claimOne(q, worker: "w\(i)").map { ($0.lease.jobID, $0.segment.index) } }
    }

    @Test("T: ten short jobs queued after a 100-segment job alternate with it, claim by claim", arguments: QueueKind.allCases)
    func shortJobsInterleave(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let (film, spots) = try filmThenSpots(q, clock)
            let got = try claims(q, 24)
            // Equal weights, equal frames: the tie at the start goes to the older film, then the owners alternate.
            #expect(got.map { $0.job == film ? "F" : "S" }.joined() == String(repeating: "FS", count: 12))
            // Each owner's own segments keep today's order: the spots in submission order, each spot's in index order.
            let spotOrder = got.filter { $0.job != film }.map { "\(spots.firstIndex(of: $0.job)!).\($0.index)" }
            #expect(spotOrder == ["0.0", "0.1", "1.0", "1.1", "2.0", "2.1", "3.0", "3.1", "4.0", "4.1", "5.0", "5.1"])
            #expect(got.filter { $0.job == film }.map(\.index) == Array(0..<12))
        }
    }

    @Test("T: a weight of 2 gets two claims to every one of weight 1", arguments: QueueKind.allCases)
    func weightTwoGetsTwiceTheShare(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            try q.shareSet(owner: "spots", weight: 2)
            let (film, _) = try filmThenSpots(q, clock)
            let got = try claims(q, 18)
            #expect(got.map { $0.job == film ? "F" : "S" }.joined() == String(repeating: "FSS", count: 6))
        }
    }

    @Test("T: running work is counted in frames, not segments", arguments: QueueKind.allCases)
    func workIsFrames(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let (film, _) = try filmThenSpots(q, clock, filmFrames: 40)
            let got = try claims(q, 10)
            // One 40-frame film segment weighs as much as four 10-frame spot segments.
            #expect(got.map { $0.job == film ? "F" : "S" }.joined() == "FSSSSFSSSS")
        }
    }

    @Test("T: priorities still dominate: a busy owner's higher priority goes first", arguments: QueueKind.allCases)
    func prioritiesDominate(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let film = try insert(q, ownedSpec("film", name: "film", segments: 3))
            clock.advance(by: .seconds(1))
            let spot = try insert(q, ownedSpec("spots", name: "spot", segments: 3))
            #expect(try claimOne(q)?.lease.jobID == film)
            let urgent = try insert(q, ownedSpec("film", name: "urgent", segments: 3, priority: 5))
            let got = try claims(q, 8).map(\.job)
            // film already runs more than spots, yet its priority-5 job goes first; then spots catch up at priority 0.
            #expect(got == [urgent, urgent, urgent, spot, spot, spot, film, film])
        }
    }

    @Test("T: finished work frees the share; '' is one owner like any other", arguments: QueueKind.allCases)
    func completionFreesShareAndEmptyOwnerIsOne(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let a = try insert(q, ownedSpec("", name: "anon-a", segments: 4))
            clock.advance(by: .seconds(1))
            let b = try insert(q, ownedSpec("", name: "anon-b", segments: 4))
            let named = try insert(q, ownedSpec("editor1", name: "named", segments: 4))
            let first = try (0..<4).map { _ in try #require(try claimOne(q)) }
            // '' is one owner: its second job waits behind its first, as today; editor1 alternates with both.
            #expect(first.map(\.lease.jobID) == [a, named, a, named])
            for c in first where c.lease.jobID == named { #expect(try complete(q, c.lease)) }
            // editor1 has nothing running now, '' has 20 frames: editor1 again, twice, before '' gets a turn.
            let next = try (0..<3).map { _ in try #require(try claimOne(q)).lease.jobID }
            #expect(next == [named, named, a])
            #expect(try (0..<2).map { _ in try #require(try claimOne(q)).lease.jobID } == [a, b])
        }
    }

    @Test("T: a claim of several takes the best-placed owner's segments first", arguments: QueueKind.allCases)
    func batchClaimFollowsRanks(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let (film, spots) = try filmThenSpots(q, clock)
            _ = try #require(try claimOne(q))   // film: 10 frames running
            let batch = try q.segmentClaim(SegmentClaimParams(workerID: "w-batch", limit: 3))
            // The ranks are read once per claim: all three from spots (0 frames running), in their own order.
            #expect(batch.map(\.lease.jobID) == [spots[0], spots[0], spots[1]])
            #expect(batch.map(\.segment.index) == [0, 1, 0])
            #expect(!batch.contains { $0.lease.jobID == film })
        }
    }

    @Test("a part found missing after a priority change is claimed again, at its job's new priority",
          arguments: QueueKind.allCases)
    func requeuedAfterPriorityChange(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let job = try insert(q, ownedSpec("film", name: "film", segments: 2))
            let first = try #require(try claimOne(q))
            #expect(try complete(q, first.lease))
            // Segment 0 is done; it moves to 5 with segment 1 and the job, so that sent back it is claimed in its
            // job's group (with the old priority it would be in no group, and never claimed).
            #expect(try q.jobPrioritySet(job, priority: 5) == 0)
            let second = try #require(try claimOne(q))
            #expect(try complete(q, second.lease))
            let stitch = try #require(try q.stitchClaim(StitchClaimParams(workerID: "s")))
            #expect(try q.stitchRequeue(stitch.lease, segmentIDs: [first.segment.id], message: "part missing"))
            let again = try #require(try claimOne(q), "the requeued segment must not be stranded")
            #expect(again.segment.id == first.segment.id && again.segment.priority == 5)
        }
    }

    @Test("weights: set, replaced, listed; out of range or unstorable refused naming the owner", arguments: QueueKind.allCases)
    func weights(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            #expect(try q.shareList().isEmpty)
            try q.shareSet(owner: "editor1", weight: 3)
            try q.shareSet(owner: "editor1", weight: 2)
            try q.shareSet(owner: "", weight: 10_000)
            #expect(try q.shareList() == ["editor1": 2, "": 10_000])
            #expect(throws: QueueError.invalidShare("owner \"editor2\": weight 0 is outside 1…10000")) {
                try q.shareSet(owner: "editor2", weight: 0)
            }
            #expect(throws: QueueError.invalidShare("owner \"editor2\": weight 10001 is outside 1…10000")) {
                try q.shareSet(owner: "editor2", weight: 10_001)
            }
            #expect(throws: QueueError.invalidShare("owner \"a\\0b\" contains a NUL character")) {
                try q.shareSet(owner: "a\0b", weight: 2)
            }
            #expect(try q.shareList() == ["editor1": 2, "": 10_000])
        }
    }
}
