import Foundation
import Synchronization
import Testing
@testable import ReelQueue

extension SegmentQueueConformanceTests {
    @Test("contentHashListActive: every segment of queued, running and stitching jobs, none of finished ones",
          arguments: QueueKind.allCases)
    func activeHashes(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            #expect(try q.contentHashListActive(ContentHashListParams()).isEmpty)
            let running = try insert(q, makeSpec(segments: 2, hashPrefix: "run"))
            let canceled = try insert(q, makeSpec(segments: 2, hashPrefix: "gone"))
            let c = try #require(try claimOne(q))
            #expect(c.segment.jobID == running)
            #expect(try complete(q, c.lease))
            #expect(try q.jobCancel(canceled))
            let all = try q.contentHashListActive(ContentHashListParams())
            #expect(all == ["run-0", "run-1"], "a done segment of an active job is still referenced")
            #expect(try q.contentHashListActive(ContentHashListParams(among: ["run-1", "gone-0", "x"])) == ["run-1"])
            while let s = try claimOne(q) { #expect(try complete(q, s.lease)) }
            let stitch = try #require(try q.stitchClaim(StitchClaimParams(workerID: "s")))
            #expect(try q.contentHashListActive(ContentHashListParams()).count == 2, "stitching")
            #expect(try q.jobComplete(stitch.lease))
            #expect(try q.contentHashListActive(ContentHashListParams()).isEmpty)
        }
    }

    @Test("exactly one of many concurrent callers claims the stitch step", arguments: QueueKind.allCases)
    func stitchClaimedOnce(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let jobID = try insert(q, makeSpec(segments: 3))
            #expect(try q.stitchClaim(StitchClaimParams(workerID: "early")) == nil, "segments not done yet")
            while let c = try claimOne(q) { #expect(try complete(q, c.lease)) }
            let wins = Mutex<[StitchClaim]>([])
            let errors = onThreads(16) { t in
                if let c = try q.stitchClaim(StitchClaimParams(workerID: "s\(t)", leaseDuration: .seconds(60))) {
                    wins.withLock { $0.append(c) }
                }
            }
            #expect(errors.isEmpty, "\(errors)")
            let won = wins.withLock { $0 }
            #expect(won.count == 1)
            let first = try #require(won.first)
            #expect(first.job.id == jobID && first.lease.attempt == 1)
            #expect(first.segments.compactMap(\.partLocation).count == 3)
            #expect(try q.jobGet(jobID).state == .stitching)
            #expect(try q.stitchHeartbeat(first.lease, leaseDuration: .seconds(60)) == .ok)
            clock.advance(by: .seconds(61))
            #expect(try q.rescueExpired(RescueParams(backoff: .none)) == 1, "the expired stitch lease is rescued")
            let second = try #require(try q.stitchClaim(StitchClaimParams(workerID: "s-late")), "expired stitch lease")
            #expect(second.lease.attempt == 2)
            #expect(try q.jobComplete(first.lease) == false, "the first stitcher was fenced out")
            #expect(try q.stitchHeartbeat(first.lease, leaseDuration: .seconds(60)) == .lost)
            #expect(try q.jobFail(second.lease, message: "mux error"))
            let job = try q.jobGet(jobID)
            #expect(job.state == .failed && job.error == "stitch, attempt 2: mux error")
        }
    }

    @Test("release gives the segment back without using an attempt", arguments: QueueKind.allCases)
    func release(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let jobID = try insert(q, makeSpec(segments: 1, maxAttempts: 1))
            let c = try #require(try claimOne(q))
            #expect(try q.segmentRelease(c.lease))
            #expect(try q.segmentRelease(c.lease) == false)
            #expect(try q.segmentHeartbeat(c.lease, leaseDuration: .seconds(5)) == .lost)
            let again = try #require(try claimOne(q, worker: "w2"))
            #expect(again.lease.attempt == 1, "the drained attempt was given back")
            #expect(try q.segmentList(jobID: jobID).first?.errors.isEmpty == true)
        }
    }

    @Test("segments whose content hash has a valid part are done at once", arguments: QueueKind.allCases)
    func partsAreReused(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let first = try insert(q, makeSpec(segments: 3, hashPrefix: "h"))
            while let c = try claimOne(q) { #expect(try complete(q, c.lease, part: "/parts/h-\(c.segment.index)")) }
            let second = try q.jobInsert(JobInsertParams(spec: makeSpec(segments: 4, hashPrefix: "h"),
                                                         partIsValid: { part in
                // Each candidate pairs the hash with the location its segment recorded (h-N at /parts/h-N).
                part.location != "/parts/h-2" && part.location == "/parts/\(part.contentHash)"
            }))
            #expect(second.reusedSegments == 2)
            let segs = try q.segmentList(jobID: second.jobID)
            #expect(segs.map(\.state) == [.done, .done, .available, .available])
            #expect(segs[1].partLocation == "/parts/h-1")
            let originals = try q.segmentList(jobID: first)
            #expect(segs[0].reusedFrom == originals[0].id)
            let none = try q.jobInsert(JobInsertParams(spec: makeSpec(segments: 2, hashPrefix: "h"), reuseParts: false))
            #expect(none.reusedSegments == 0)
        }
    }

    @Test("a job whose parts are all reused goes straight to stitching", arguments: QueueKind.allCases)
    func fullyReusedJobStitches(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            _ = try insert(q, makeSpec(segments: 2, hashPrefix: "x"))
            while let c = try claimOne(q) { #expect(try complete(q, c.lease)) }
            let s1 = try #require(try q.stitchClaim(StitchClaimParams(workerID: "s")))
            #expect(try q.jobComplete(s1.lease))
            let again = try insert(q, makeSpec(segments: 2, hashPrefix: "x"))
            let s2 = try #require(try q.stitchClaim(StitchClaimParams(workerID: "s")))
            #expect(s2.job.id == again)
            let events = try q.eventList(jobID: again)
            #expect(events.first?.change == .job(from: nil, to: .queued))
            #expect(events.contains { $0.change == .job(from: .queued, to: .stitching) })
        }
    }

    @Test("required tags restrict who claims", arguments: QueueKind.allCases)
    func tags(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            _ = try insert(q, makeSpec(segments: 1, tags: ["gpu"]))
            #expect(try claimOne(q, tags: []) == nil)
            #expect(try claimOne(q, tags: ["cpu"]) == nil)
            #expect(try claimOne(q, tags: ["cpu", "gpu"]) != nil)
        }
    }

    @Test("status, workers and the event log", arguments: QueueKind.allCases)
    func monitoring(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            try q.workerRegister(WorkerRegisterParams(workerID: "w1", host: "render-1", pid: 42, version: "1.0", tags: ["gpu"]))
            #expect(throws: QueueError.workerNotFound("ghost")) { try q.workerHeartbeat(WorkerHeartbeatParams(workerID: "ghost")) }
            let jobID = try insert(q, makeSpec(segments: 4))
            let c = try #require(try claimOne(q, worker: "w1"))
            clock.advance(by: .seconds(2))
            try q.workerHeartbeat(WorkerHeartbeatParams(workerID: "w1", currentSegmentID: c.segment.id,
                                                        recentFramesPerSecond: 12.5, segmentsDoneDelta: 1))
            #expect(try complete(q, c.lease))
            let w = try #require(try q.workerList().first)
            #expect(w.host == "render-1" && w.pid == 42 && w.tags == ["gpu"] && w.segmentsDone == 1)
            #expect(w.currentSegmentID == c.segment.id && w.recentFramesPerSecond == 12.5)
            #expect(w.lastSeenAt == clock.now())
            let s = try q.jobStatus(jobID)
            #expect(s.segmentsByState[.done] == 1 && s.segmentsByState[.available] == 3 && s.framesDone == 10)
            #expect(s.framesPerSecond == 5.0, "10 frames in 2 s")
            #expect(s.eta == .seconds(6), "30 frames left at 5 fps")
            let changes = try q.eventList(jobID: jobID).map(\.change)
            #expect(changes == [.job(from: nil, to: .queued), .segment(index: 0, from: .available, to: .running),
                                .job(from: .queued, to: .running), .segment(index: 0, from: .running, to: .done)])
            #expect(try q.jobList(JobListParams(states: [.running])).map(\.id) == [jobID])
            #expect(try q.jobList(JobListParams(states: [.done])).isEmpty)
            #expect(throws: QueueError.jobNotFound(999_999)) { try q.jobStatus(999_999) }
        }
    }

    @Test("a job name holding SQL is stored verbatim", arguments: QueueKind.allCases)
    func sqlInjectionIsInert(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let evil = "x'); DROP TABLE jobs; -- \\ \" $1 {a,b}"
            var spec = makeSpec(name: evil, segments: 2, tags: ["t\"a,g}"])
            spec.owner = "o'; DELETE FROM segments; --"
            let jobID = try insert(q, spec)
            let job = try q.jobGet(jobID)
            #expect(job.name == evil && job.owner == spec.owner && job.requiredTags == ["t\"a,g}"])
            #expect(try q.segmentList(jobID: jobID).map(\.contentHash) == spec.segments.map(\.contentHash))
            #expect(try q.jobList(JobListParams()).count == 1)
        }
    }

    @Test("invalid specs are refused before anything is written", arguments: QueueKind.allCases)
    func invalidSpec(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            #expect(throws: QueueError.self) { try insert(q, makeSpec(segments: 2, indices: [1, 1])) }
            #expect(throws: QueueError.self) { try insert(q, makeSpec(segments: 0, indices: [])) }
            let jobs = try q.jobList(JobListParams())
            #expect(jobs.isEmpty)
        }
    }

    @Test("waiters wake on new work and time out otherwise", arguments: QueueKind.allCases)
    func wakeups(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let waiter = try q.wakeupListen()
            #expect(try waiter.wait(timeout: .milliseconds(50)) == false)
            _ = try insert(q, makeSpec(segments: 1))
            #expect(try waiter.wait(timeout: .seconds(5)))
            #expect(try waiter.wait(timeout: .milliseconds(50)) == false, "the signal was consumed")
        }
    }

    @Test("change waiters wake when a segment changes state, not on reads", arguments: QueueKind.allCases)
    func changeWakeups(kind: QueueKind) throws {
        try withQueue(kind) { q, _ in
            let jobID = try insert(q, makeSpec(segments: 2))
            let waiter = try q.changeListen()
            _ = try q.jobList(JobListParams())
            _ = try q.segmentList(jobID: jobID)
            #expect(try waiter.wait(timeout: .milliseconds(100)) == false, "a read woke the waiter")
            let claimed = try #require(try claimOne(q))
            #expect(try waiter.wait(timeout: .seconds(5)), "a claim (queued → running) did not wake the waiter")
            #expect(try waiter.wait(timeout: .milliseconds(50)) == false, "the signal was consumed")
            #expect(try complete(q, claimed.lease))
            #expect(try waiter.wait(timeout: .seconds(5)), "a segment done did not wake the waiter")
        }
    }
}
