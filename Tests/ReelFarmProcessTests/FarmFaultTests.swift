import Foundation
import ReelTestSupport
import Testing
import ReelQueue

extension FarmTests {
    /// Faults: a worker killed mid-segment, the database restarted mid-job, a source deleted mid-job.
    @Suite("Faults") struct Faults {}
}

extension FarmTests.Faults {
    @Test("kill -9 of a worker mid-segment: rescued after its lease, same result, attempt recorded")
    func killedWorker() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let reference = try await FarmReference.shared.value(logs: farm.logs)
        let composition = try await farm.makeProject()
        let victim = try farm.startWorker("victim")
        victim.send(SIGSTOP)   // until the poll watches: the job renders in about a second
        let output = farm.root.appendingPathComponent("out/killed.mov").path
        let id = try await farm.submitSlow(composition, output: output)

        let held = try await farm.stopMidSegment([victim], jobID: id, resuming: [victim]).segment
        victim.send(SIGKILL)
        #expect(await victim.wait(timeout: .seconds(5)) == 128 + SIGKILL)
        for n in 1...2 { _ = try farm.startWorker("rescuer-\(n)") }
        let job = try await farm.waitForJob(id)
        #expect(job.state == .done, "job ended \(job.state.rawValue): \(job.error ?? "")\n\(farm.workerLogs())")
        #expect(try await FarmFingerprint.of(output, logs: farm.logs) == reference.fingerprint)

        let queue = try farm.queue()
        let segment = try #require(try queue.segmentList(jobID: id).first { $0.id == held.id })
        #expect(segment.state == .done && segment.attempt > held.attempt)
        let expired = try #require(segment.errors.first { $0.attempt == held.attempt },
                                   "no error recorded for the killed attempt: \(segment.errors)")
        #expect(expired.message.contains("lease expired") && expired.message.contains("victim"), "\(expired.message)")
        _ = try #require(try queue.eventList(jobID: id).first { event in
            guard case .segment(held.index, .running, .available) = event.change else { return false }
            return event.message?.contains("lease expired") == true
        }, "no 'lease expired' event for segment \(held.index)")
        #expect(await farm.drainWorkers().isEmpty)
    }

    @Test("kill -9 of the rolling stitcher mid-prefix: rescued, started over, published once, same result")
    func killedStitcher() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let reference = try await FarmReference.shared.value(logs: farm.logs)
        let composition = try await farm.makeProject()
        let victim = try farm.startWorker("victim")
        let output = farm.root.appendingPathComponent("out/stitcher-killed.mov").path
        let id = try await farm.submitSlow(composition, output: output)
        let queue = try farm.queue()
        let held = try await TestProcess.waitFor("the victim's rolling stitcher to append a part", timeout: .seconds(90),
                                                 context: { farm.workerLogs() }) {
            let job = try queue.jobGet(id)
            return job.state == .running && job.stitchedSegments >= 1 ? job : nil
        }
        let outDir = URL(fileURLWithPath: output).deletingLastPathComponent().path
        let partial = try FileManager.default.contentsOfDirectory(atPath: outDir).filter { $0.contains(".tmp") }
        #expect(partial.count == 1, "the rolling stitcher's file is not being written: \(partial)")
        victim.send(SIGKILL)
        #expect(await victim.wait(timeout: .seconds(5)) == 128 + SIGKILL)
        for n in 1...2 { _ = try farm.startWorker("rescuer-\(n)") }
        let job = try await farm.waitForJob(id)
        #expect(job.state == .done, "job ended \(job.state.rawValue): \(job.error ?? "")\n\(farm.workerLogs())")
        #expect(try await FarmFingerprint.of(output, logs: farm.logs) == reference.fingerprint)
        #expect(job.stitchAttempt >= held.stitchAttempt + 1, "the stitch was not claimed again")
        let published = try queue.eventList(jobID: id).filter {
            if case .job(_, .done) = $0.change { return true } else { return false }
        }
        #expect(published.count == 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: outDir)
        #expect(left == ["stitcher-killed.mov"], "the dead stitcher's temporary file was not removed: \(left)")
        #expect(await farm.drainWorkers().isEmpty)
    }

    @Test("PostgreSQL restarted mid-job: the workers reconnect and the job completes")
    func databaseRestart() async throws {
        let server = try await FarmPostgres.start()
        do { try await restartMidJob(server) } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    func restartMidJob(_ server: FarmPostgres) async throws {
        let farm = try await FarmFixture(databaseURL: server.url)
        defer { farm.cleanup() }
        let reference = try await FarmReference.shared.value(logs: farm.logs)
        let composition = try await farm.makeProject()
        let workers = try (1...2).map { try farm.startWorker("pg-\($0)") }
        try await farm.waitForWorkers(workers.map(\.name))
        let output = farm.root.appendingPathComponent("out/restart.mov").path
        let id = try await farm.submitSlow(composition, output: output)

        _ = try await TestProcess.waitFor("a first segment", timeout: .seconds(30), poll: .milliseconds(10)) {
            try farm.segments(id, in: .done).first
        }
        try await farm.stopMidSegment(workers, jobID: id)
        workers.forEach { $0.send(SIGSTOP) }
        let done = try farm.segments(id, in: .done).count
        let total = try farm.queue().segmentList(jobID: id).count
        try #require(done < total, "the job finished before the restart")
        try await server.restart()
        workers.forEach { $0.send(SIGCONT) }
        let job = try await farm.waitForJob(id)
        #expect(job.state == .done, "job ended \(job.state.rawValue): \(job.error ?? "")\n\(farm.workerLogs())")
        #expect(try await FarmFingerprint.of(output, logs: farm.logs) == reference.fingerprint)
        #expect(await farm.drainWorkers().isEmpty, "\(farm.workerLogs())")
    }

    @Test("a source deleted mid-job fails the job at once (no retry of a missing file); done segments stay done; reel retry completes it")
    func deletedSource() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let reference = try await FarmReference.shared.value(logs: farm.logs)
        let composition = try await farm.makeProject()
        let output = farm.root.appendingPathComponent("out/deleted.mov").path
        let id = try await farm.submitSlow(composition, output: output, extra: ["--max-attempts", "2"])
        let doneBefore = try await renderPartly(id, farm: farm)
        let total = try farm.queue().segmentList(jobID: id).count

        let clip = farm.root.appendingPathComponent("project/media/b.mp4")
        let aside = farm.root.appendingPathComponent("b.mp4.aside")
        try FileManager.default.moveItem(at: clip, to: aside)
        _ = try farm.startWorker("src-2")
        let failed = try await farm.waitForJob(id)
        #expect(failed.state == .failed)
        let error = failed.error ?? ""
        // A missing file is permanent: the first attempt fails the job, although --max-attempts is 2.
        #expect(error.contains("b.mp4") && error.contains("no such file") && error.contains("attempt 1"), "job error: \(error)")
        try await expectFailures(of: id, mention: "b.mp4", farm: farm)
        try expectKept(doneBefore, of: id, farm: farm)

        try FileManager.default.moveItem(at: aside, to: clip)
        let retry = try await farm.check(["retry", "\(id)"])
        #expect(retry.stdout.contains("\(total - doneBefore.count) segment"), "\(retry.stdout)")
        let job = try await farm.waitForJob(id)
        #expect(job.state == .done, "job ended \(job.state.rawValue): \(job.error ?? "")\n\(farm.workerLogs())")
        try expectKept(doneBefore, of: id, farm: farm)
        #expect(try await FarmFingerprint.of(output, logs: farm.logs) == reference.fingerprint)
        #expect(await farm.drainWorkers().isEmpty)
    }

    /// One worker renders a segment, is stopped mid-way through the next, then drained (it finishes that one
    /// and exits 0). Returns the segments done, some but not all.
    func renderPartly(_ id: Int64, farm: FarmFixture) async throws -> [Segment] {
        let worker = try farm.startWorker("src-1")
        _ = try await TestProcess.waitFor("a first segment", timeout: .seconds(30), poll: .milliseconds(10)) {
            try farm.segments(id, in: .done).first
        }
        try await farm.stopMidSegment([worker], jobID: id)
        worker.send(SIGTERM)
        worker.send(SIGCONT)
        #expect(await worker.wait(timeout: .seconds(15)) == 0, "\(worker.tail())")
        let done = try farm.segments(id, in: .done)
        let total = try farm.queue().segmentList(jobID: id).count
        try #require(!done.isEmpty && done.count < total, "\(done.count) of \(total) done")
        return done
    }

    /// `reel status --json` lists the (first and only) attempt's failure, naming `text`.
    func expectFailures(of id: Int64, mention text: String, farm: FarmFixture) async throws {
        let status = try await farm.check(["status", "\(id)", "--json"])
        let failures = try #require((try TestJSON.parse(status.stdout) as? [String: Any])?["failures"] as? [[String: Any]])
        #expect(failures.contains { ($0["message"] as? String)?.contains(text) == true && ($0["attempt"] as? Int) == 1 },
                "\(failures)")
    }

    /// Each segment is still done with the same part, and the part's file is there.
    func expectKept(_ segments: [Segment], of id: Int64, farm: FarmFixture) throws {
        let now = try farm.queue().segmentList(jobID: id)
        for segment in segments {
            let current = try #require(now.first { $0.id == segment.id })
            #expect(current.state == .done && current.partLocation == segment.partLocation && current.attempt == segment.attempt)
            #expect(FileManager.default.fileExists(atPath: segment.partLocation ?? "/nonexistent"))
        }
    }
}
