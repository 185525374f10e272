import Foundation
import Testing
@testable import ReelQueue

/// `jobStatusList`, `metricsSample` and the monitoring channel.
@Suite struct MonitoringListTests {
    /// Jobs in every state: queued, running with progress, done, failed, canceled, and one needing a tag.
    static func mixedFarm(_ q: any SegmentQueue, _ clock: ManualQueueClock) throws -> [Int64] {
        try q.workerRegister(WorkerRegisterParams(workerID: "w1", host: "h", pid: 1, version: "1"))
        let done = try insert(q, makeSpec(name: "alpha done", segments: 2))
        while let c = try claimOne(q) { #expect(try complete(q, c.lease)) }
        clock.advance(by: .seconds(3))
        let stitch = try #require(try q.stitchClaim(StitchClaimParams(workerID: "w1")))
        clock.advance(by: .seconds(2))
        #expect(try q.jobComplete(stitch.lease, outputBytes: 99))
        let failed = try insert(q, makeSpec(name: "Beta_1 failed", segments: 2, maxAttempts: 1))
        let f = try #require(try claimOne(q))
        _ = try q.segmentFail(SegmentFailParams(lease: f.lease, message: "bad input", permanent: true))
        let canceled = try insert(q, makeSpec(name: "beta%2 canceled", segments: 2))
        _ = try #require(try claimOne(q))
        #expect(try q.jobCancel(canceled))
        let running = try insert(q, makeSpec(name: "gamma running", segments: 3))
        let r = try #require(try claimOne(q))
        clock.advance(by: .seconds(4))
        _ = try q.segmentHeartbeat(r.lease, leaseDuration: .seconds(30), progressFrames: 6)
        let r2 = try #require(try claimOne(q))
        clock.advance(by: .seconds(1))
        #expect(try complete(q, r2.lease))
        let tagged = try insert(q, makeSpec(name: "delta tagged", segments: 1, tags: ["gpu"]))
        let queued = try insert(q, makeSpec(name: "epsilon queued", segments: 2))
        clock.advance(by: .seconds(2))
        return [done, failed, canceled, running, tagged, queued]
    }

    @Test("jobStatusList equals jobStatus of each listed job; search and offset", arguments: QueueKind.allCases)
    func statusListMatchesStatus(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let ids = try Self.mixedFarm(q, clock)
            let list = try q.jobStatusList(JobListParams())
            #expect(list.map(\.job.id) == ids.reversed())
            for s in list {
                let one = try q.jobStatus(s.job.id)
                var a = s, b = one
                #expect(abs((a.framesPerSecond ?? -1) - (b.framesPerSecond ?? -1)) < 1e-9, "\(s.job.name)")
                a.framesPerSecond = nil; b.framesPerSecond = nil; a.eta = nil; b.eta = nil
                #expect(a == b, "\(s.job.name)")
            }
            let byID = Dictionary(uniqueKeysWithValues: list.map { ($0.job.id, $0) })
            #expect(byID[ids[3]]?.framesInProgress == 6 && byID[ids[3]]?.framesDone == 10)
            #expect(byID[ids[4]]?.tagsNoLiveWorkerHas == ["gpu"] && byID[ids[5]]?.tagsNoLiveWorkerHas == [])
            #expect(byID[ids[0]]?.job.outputBytes == 99 && byID[ids[0]]?.job.stitchDuration == .seconds(2))
            #expect(byID[ids[1]]?.failures.map(\.kind) == ["input"])

            let names = { (p: JobListParams) in try q.jobStatusList(p).map(\.job.name) }
            #expect(try names(JobListParams(search: "BETA")) == ["beta%2 canceled", "Beta_1 failed"])
            #expect(try names(JobListParams(search: "a_1")) == ["Beta_1 failed"], "_ is a plain character")
            #expect(try names(JobListParams(search: "%")) == ["beta%2 canceled"], "% is a plain character")
            #expect(try names(JobListParams(search: "'; --")) == [])
            #expect(try names(JobListParams(states: [.running, .queued], limit: 2, offset: 1)) == ["delta tagged", "gamma running"])
            #expect(try q.jobList(JobListParams(search: "alpha")).map(\.id) == [ids[0]])
        }
    }

    @Test("metricsSample: counts, histograms, oldest queued, frames per minute, as computed by hand",
          arguments: QueueKind.allCases)
    func metricsByHand(kind: QueueKind) throws {
        try withQueue(kind) { q, clock in
            let t0 = clock.now()
            let jobID = try insert(q, makeSpec(segments: 4))
            clock.advance(by: .seconds(2))
            let a = try #require(try claimOne(q)), b = try #require(try claimOne(q))
            clock.advance(by: .seconds(40))
            let c = try #require(try claimOne(q))
            for (lease, seconds) in [(a.lease, 0.5), (b.lease, 2.0), (c.lease, 40.0)] {
                #expect(try q.segmentComplete(SegmentCompleteParams(lease: lease, partLocation: "/p/\(lease.segmentID)",
                    stats: RenderStats(frames: 10, duration: .milliseconds(Int64(seconds * 1000))))))
                clock.advance(by: .seconds(70))
            }
            _ = try insert(q, makeSpec(segments: 1, hashPrefix: String(a.segment.contentHash.dropLast(2))))
            let m = try q.metricsSample()
            #expect(m.at == clock.now())
            #expect(m.jobsByState[.running] == 1 && m.jobsByState[.queued] == 1 && m.jobsByState[.done] == 0)
            #expect(m.segmentsByState[.done] == 4 && m.segmentsByState[.available] == 1)
            #expect(m.framesRendered == 30 && m.framesReused == 10)
            let bounds = QueueHistogram.defaultBounds
            #expect(m.segmentRenderSeconds.upperBounds == bounds && m.segmentRenderSeconds.count == 3)
            #expect(m.segmentRenderSeconds.sum == 42.5)
            // 0.5 ≤ 0.5, 2 ≤ 2.5, 40 ≤ 60.
            #expect(m.segmentRenderSeconds.cumulativeCounts == [0, 0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3])
            // Claim waits 2 s, 2 s, 42 s.
            #expect(m.claimWaitSeconds.cumulativeCounts == [0, 0, 0, 0, 0, 2, 2, 2, 2, 3, 3, 3, 3, 3])
            #expect(m.claimWaitSeconds.sum == 46 && m.stitchSeconds.count == 0)
            // The last segment waits since t0; completions at 42, 112, 182 s; now 252 s after t0.
            #expect(m.oldestQueuedAge == .seconds(252) && clock.now() == t0.adding(.seconds(252)))
            var minutes = [Int64](repeating: 0, count: 60)
            minutes[56] = 10; minutes[57] = 10; minutes[58] = 10   // 210, 140 and 70 s ago; 59 is the last 60 s
            #expect(m.framesPerMinute == minutes)
            #expect(m.failuresByKind.isEmpty && m.workers.isEmpty)
            _ = jobID
        }
    }

    @Test("migrations 4 and 5 (and those after them) go down to 3 and up again with the queue's rows kept")
    func monitoringMigrationRoundTrip() throws {
        try withTestSchema { config in
            let q = try PostgresSegmentQueue(config)
            let jobID = try insert(q, makeSpec(segments: 3))
            let c = try #require(try claimOne(q))
            _ = try q.segmentHeartbeat(c.lease, leaseDuration: .seconds(30), progressFrames: 4)
            let migrator = Migrator(config)
            let above3 = Migrations.all.map(\.version).filter { $0 > 3 }
            #expect(try migrator.migrateDown(to: 3) == above3.reversed())
            let columns = try q.pool.with { c throws(QueueError) in
                try c.exec("""
                    SELECT count(*) AS n FROM information_schema.columns
                    WHERE table_schema = current_schema() AND column_name IN ('progress_frames', 'claimed_at', 'stitch_us')
                    """).rows[0].int("n")
            }
            #expect(columns == 0, "the down migration drops its columns")
            #expect(try migrator.migrate() == above3)
            let s = try q.jobStatus(jobID)
            #expect(s.segmentsByState[.running] == 1 && s.framesInProgress == 0, "progress starts again from 0")
            #expect(try q.segmentHeartbeat(c.lease, leaseDuration: .seconds(30), progressFrames: 2) == .ok)
            #expect(try q.jobStatus(jobID).framesInProgress == 2)
        }
    }

    @Test("errors recorded before failure kinds read as unknown")
    func oldErrorsReadUnknown() throws {
        try withTestSchema { config in
            let q = try PostgresSegmentQueue(config)
            let jobID = try insert(q, makeSpec(segments: 1))
            _ = try q.pool.with { c throws(QueueError) in
                try c.exec("UPDATE segments SET errors = $1::jsonb WHERE job_id = $2",
                           [.text(#"[{"attempt": 1, "message": "old", "worker": "w", "at_us": 0}]"#), .int64(jobID)])
            }
            #expect(try q.segmentList(jobID: jobID).first?.errors.map(\.kind) == ["unknown"])
            #expect(try q.jobStatus(jobID).failures.map(\.kind) == ["unknown"])
            #expect(try q.metricsSample().failuresByKind == ["unknown": 1])
        }
    }

    @Test("the events channel is notified on state changes and worker registration, not on heartbeats")
    func eventsChannelNotifies() throws {
        let clock = ManualQueueClock()
        try withTestSchema(clock: clock) { config in
            let q = try PostgresSegmentQueue(config)
            let listener = try QueueListener(configuration: config,
                                             channels: [QueueListener.eventsChannel(schema: config.schema)])
            #expect(try listener.wait(timeout: .milliseconds(50)) == false)
            _ = try insert(q, makeSpec(segments: 2))
            #expect(try listener.wait(timeout: .seconds(10)), "job inserted")
            let c = try #require(try claimOne(q))
            #expect(try listener.wait(timeout: .seconds(10)), "segment claimed")
            _ = try q.segmentHeartbeat(c.lease, leaseDuration: .seconds(30), progressFrames: 3)
            try q.workerRegister(WorkerRegisterParams(workerID: "w", host: "h", pid: 1, version: "1"))
            #expect(try listener.wait(timeout: .seconds(10)), "worker registered")
            try q.workerHeartbeat(WorkerHeartbeatParams(workerID: "w"))
            #expect(try listener.wait(timeout: .milliseconds(300)) == false, "heartbeats are not events")
            #expect(try complete(q, c.lease))
            #expect(try listener.wait(timeout: .seconds(10)), "segment done")
        }
    }
}
