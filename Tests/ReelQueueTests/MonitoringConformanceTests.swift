import Foundation
import Testing
@testable import ReelQueue

/// The monitoring numbers (`JobStatus`, `Segment` progress, failure kinds), every driver alike.
@Suite struct MonitoringConformanceTests {
    @Test("progress: frames in progress count, reset at each claim; live fps per running segment",
          arguments: QueueKind.allCases)
    func progressResetAtClaim(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let jobID = try insert(q, makeSpec(segments: 1))
            let t0 = clock.now()
            let c = try #require(try claimOne(q))
            clock.advance(by: .seconds(10))
            #expect(try q.segmentHeartbeat(c.lease, leaseDuration: .seconds(30), progressFrames: 5) == .ok)
            #expect(try q.segmentHeartbeat(c.lease, leaseDuration: .seconds(30)) == .ok, "no report keeps the last one")
            let seg = try #require(try q.segmentList(jobID: jobID).first)
            #expect(seg.progressFrames == 5 && seg.claimedAt == t0)
            #expect(seg.liveFramesPerSecond(now: clock.now()) == 0.5, "5 frames in 10 s")
            let s = try q.jobStatus(jobID)
            #expect(s.framesDone == 0 && s.framesInProgress == 5 && s.framesProgress == 5 && s.framesRemaining == 5)
            #expect(s.framesPerSecond == 0.5, "5 frames over the 10 s since the job started")
            #expect(s.eta == .seconds(10), "5 frames left at 0.5 fps")
            #expect(s.elapsed == .seconds(10))

            _ = try q.segmentFail(SegmentFailParams(lease: c.lease, message: "boom", backoff: .none))
            #expect(try q.jobStatus(jobID).framesInProgress == 0, "a failed attempt's frames are no longer in progress")
            let again = try #require(try claimOne(q))
            #expect(again.segment.id == c.segment.id && again.segment.progressFrames == 0, "reset at claim")
            #expect(again.segment.claimedAt == clock.now())
            #expect(try q.segmentList(jobID: jobID).first?.progressFrames == 0)
            _ = try q.segmentHeartbeat(again.lease, leaseDuration: .seconds(30), progressFrames: .max)
            #expect(try q.segmentList(jobID: jobID).first?.progressFrames == 10, "clamped to the segment's frames")
            _ = try q.segmentHeartbeat(again.lease, leaseDuration: .seconds(30), progressFrames: -5)
            #expect(try q.segmentList(jobID: jobID).first?.progressFrames == 0)
        }
    }

    @Test("fps is the rate of the last minute, not the average over the job's life", arguments: QueueKind.allCases)
    func recentRate(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let jobID = try insert(q, makeSpec(segments: 3))
            let first = try #require(try claimOne(q))
            clock.advance(by: .seconds(100))
            #expect(try q.segmentComplete(SegmentCompleteParams(lease: first.lease, partLocation: "/p/0",
                                                                stats: RenderStats(frames: 10, duration: .seconds(100)))))
            let second = try #require(try claimOne(q))
            clock.advance(by: .seconds(30))
            _ = try q.segmentHeartbeat(second.lease, leaseDuration: .seconds(30), progressFrames: 9)
            // Window (70 s, 130 s]: 30 of the first segment's 100 s (3 frames) and the second's 9 frames.
            let s = try q.jobStatus(jobID)
            let fps = try #require(s.framesPerSecond)
            #expect(abs(fps - 12.0 / 60) < 1e-9, "\(fps); the life average would be \(19.0 / 130)")
            #expect(s.framesInProgress == 9 && s.framesProgress == 19)
            clock.advance(by: .seconds(200))
            // Window (270 s, 330 s]: only the second segment, 9 frames spread evenly over its 230 s.
            let later = try #require(try q.jobStatus(jobID).framesPerSecond)
            #expect(abs(later - 9.0 * 60 / 230 / 60) < 1e-9, "\(later)")
        }
    }

    @Test("final jobs show elapsed time and no ETA; a job of reused parts has no fps", arguments: QueueKind.allCases)
    func finalJobsAndReuse(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let spec = makeSpec(segments: 2, hashPrefix: "reuse-\(UUID())")
            let jobID = try insert(q, spec)
            clock.advance(by: .seconds(3))
            while let c = try claimOne(q) { #expect(try complete(q, c.lease)) }
            clock.advance(by: .seconds(2))
            let stitch = try #require(try q.stitchClaim(StitchClaimParams(workerID: "s")))
            clock.advance(by: .seconds(7))
            #expect(try q.jobStatus(jobID).stitchTail == nil, "no tail before publication")
            #expect(try q.jobComplete(stitch.lease, outputBytes: 123_456))
            clock.advance(by: .seconds(600))
            let done = try q.jobStatus(jobID)
            #expect(done.job.state == .done && done.eta == nil, "no ETA for a done job")
            #expect(done.elapsed == .seconds(9), "claim to publication, not to now")
            #expect(done.framesPerSecond == 20.0 / 9, "the window ends when the job finished: 20 frames in 9 s")
            #expect(done.job.stitchDuration == .seconds(7) && done.job.outputBytes == 123_456)
            #expect(done.stitchTail == .seconds(9), "last segment done at 3 s, published at 12 s: \(String(describing: done.stitchTail))")
            #expect(try q.jobStatusList(JobListParams()).first { $0.job.id == jobID }?.stitchTail == .seconds(9))

            let reused = try insert(q, spec)
            let r = try q.jobStatus(reused)
            #expect(r.framesDone == 20 && r.framesRendered == 0)
            #expect(r.framesPerSecond == nil && r.eta == nil, "no 0.0 fps for reused parts")
            let canceled = try insert(q, makeSpec(segments: 1))
            _ = try #require(try claimOne(q))
            clock.advance(by: .seconds(4))
            #expect(try q.jobCancel(canceled))
            let c = try q.jobStatus(canceled)
            #expect(c.eta == nil && c.elapsed == .seconds(4) && c.framesInProgress == 0)
        }
    }

    @Test("claim latency counts from when the segment became claimable", arguments: QueueKind.allCases)
    func claimWait(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let jobID = try insert(q, makeSpec(segments: 1))
            clock.advance(by: .seconds(5))
            let a = try #require(try claimOne(q))
            #expect(a.segment.claimWait == .seconds(5))
            _ = try q.segmentFail(SegmentFailParams(lease: a.lease, message: "x", backoff: Backoff(base: .seconds(10))))
            clock.advance(by: .seconds(15))
            let b = try #require(try claimOne(q))
            #expect(b.segment.claimWait == .seconds(5), "from the end of the backoff")
            clock.advance(by: .seconds(3))
            #expect(try q.segmentRelease(b.lease))
            clock.advance(by: .seconds(4))
            let c = try #require(try claimOne(q))
            #expect(c.segment.claimWait == .seconds(4), "from the release")
            #expect(try q.segmentList(jobID: jobID)[0].claimWait == .seconds(4))
            #expect(try q.metricsSample().claimWaitSeconds.count == 1, "the latest claim of each segment")
        }
    }

    @Test("every attempt error has a kind: render, input, stall, lease_expired, part_missing; stitch failures count",
          arguments: QueueKind.allCases)
    func failureKinds(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let jobID = try insert(q, makeSpec(segments: 3, maxAttempts: 5))
            let a = try #require(try claimOne(q))
            _ = try q.segmentFail(SegmentFailParams(lease: a.lease, message: "decoder", backoff: .none))
            let b = try #require(try claimOne(q))
            _ = try q.segmentFail(SegmentFailParams(lease: b.lease, message: "stuck", backoff: .none, kind: "stall"))
            _ = try #require(try claimOne(q, worker: "w-dead", lease: .seconds(5)))
            clock.advance(by: .seconds(6))
            #expect(try q.rescueExpired(RescueParams(backoff: .none)) == 1)
            while let c = try claimOne(q) { #expect(try complete(q, c.lease)) }
            let stitch = try #require(try q.stitchClaim(StitchClaimParams(workerID: "s")))
            let seg2 = try #require(try q.segmentList(jobID: jobID).last)
            #expect(try q.stitchRequeue(stitch.lease, segmentIDs: [seg2.id], message: "part missing"))
            clock.advance(by: .seconds(1))
            let last = try #require(try claimOne(q))
            _ = try q.segmentFail(SegmentFailParams(lease: last.lease, message: "no such file", permanent: true))
            let kinds = try q.jobStatus(jobID).failures.map(\.kind)
            #expect(kinds == ["render", "stall", "lease_expired", "part_missing", "input"], "\(kinds)")
            let stored = try q.segmentList(jobID: jobID).flatMap(\.errors).map(\.kind).sorted()
            #expect(stored == ["input", "lease_expired", "part_missing", "render", "stall"])
            let m = try q.metricsSample()
            #expect(m.failuresByKind == ["render": 1, "stall": 1, "lease_expired": 1, "part_missing": 1, "input": 1])
            let other = try insert(q, makeSpec(segments: 1))
            let only = try #require(try claimOne(q))
            #expect(only.lease.jobID == other)
            #expect(try complete(q, only.lease))
            let s = try #require(try q.stitchClaim(StitchClaimParams(workerID: "s")))
            #expect(try q.jobFail(s.lease, message: "mux error"))
            #expect(try q.metricsSample().failuresByKind[AttemptError.Kind.stitch] == 1, "a job failed in its stitch")
        }
    }

    @Test("a job warns when no live worker has its tags", arguments: QueueKind.allCases)
    func unservedTags(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let jobID = try insert(q, makeSpec(segments: 1, tags: ["gpu", "fast"]))
            #expect(try q.jobStatus(jobID).tagsNoLiveWorkerHas == ["gpu", "fast"], "no workers at all")
            try q.workerRegister(WorkerRegisterParams(workerID: "cpu", host: "h", pid: 1, version: "1", tags: ["fast"]))
            #expect(try q.jobStatus(jobID).tagsNoLiveWorkerHas == ["gpu"])
            try q.workerRegister(WorkerRegisterParams(workerID: "gpu", host: "h", pid: 2, version: "1", tags: ["gpu"]))
            #expect(try q.jobStatus(jobID).tagsNoLiveWorkerHas == ["gpu", "fast"], "no single worker has both")
            try q.workerRegister(WorkerRegisterParams(workerID: "both", host: "h", pid: 3, version: "1",
                                                      tags: ["gpu", "fast", "x"]))
            #expect(try q.jobStatus(jobID).tagsNoLiveWorkerHas == [])
            try q.workerSetState("both", .stopped)
            #expect(try q.jobStatus(jobID).tagsNoLiveWorkerHas == ["gpu", "fast"], "a stopped worker serves nothing")
            try q.workerRegister(WorkerRegisterParams(workerID: "both", host: "h", pid: 4, version: "1", tags: ["gpu", "fast"]))
            clock.advance(by: .seconds(121))
            #expect(try q.jobStatus(jobID).tagsNoLiveWorkerHas == ["gpu", "fast"], "a silent worker is gone")
            #expect(try q.jobStatus(try insert(q, makeSpec(segments: 1))).tagsNoLiveWorkerHas == [], "no tags needed")
        }
    }
}
