import Foundation
import ReelTestSupport
import Testing
import ReelQueue

extension FarmTests {
    /// The operator's commands: status, jobs, workers, watch and cancel, in JSON.
    @Suite("Monitoring") struct Monitoring {}
}

extension FarmTests.Monitoring {
    @Test("status, jobs, workers and watch --json report the job's real numbers; watch ends with the job")
    func reports() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let worker = try farm.startWorker("mon-1")
        let output = farm.root.appendingPathComponent("out/mon.mov")
        let id = try await farm.submit(composition, output: output.path)
        let watch = try TestChild(name: "watch", executable: farm.reel, arguments: ["watch", "\(id)", "--json"],
                                  environment: farm.environment, logs: farm.logs)
        defer { watch.ensureDead() }
        let job = try await farm.waitForJob(id)
        #expect(job.state == .done, "\(farm.workerLogs())")
        let segments = try farm.queue().segmentList(jobID: id).count

        #expect(await watch.wait(timeout: .seconds(5)) == 0, "watch did not end with the job: \(watch.tail())")
        let events = try watch.stdout.split(separator: "\n").map { try #require(try TestJSON.parse(String($0)) as? [String: Any]) }
        let last = try #require(events.last)
        #expect(last["event"] as? String == "end" && (last["message"] as? String)?.contains("done") == true, "\(last)")
        let progress = events.filter { $0["event"] as? String == "progress" }
        #expect(progress.last?["frames_done"] as? Int == FarmMedia.frames && progress.last?["frames"] as? Int == FarmMedia.frames)
        #expect(progress.last?["segments_done"] as? Int == segments && progress.last?["segments"] as? Int == segments)
        // The frames the file holds, counted by ffprobe, beside the frames the queue says were done.
        let probed = try TestProcess.probe(output, stream: "v:0", entries: "nb_read_frames", countFrames: true)
        #expect(Int(probed["nb_read_frames"] ?? "") == FarmMedia.frames, "\(probed)")

        let status = try #require(try TestJSON.parse(try await farm.check(["status", "\(id)", "--json"]).stdout) as? [String: Any])
        let statusJob = try #require(status["job"] as? [String: Any])
        #expect(statusJob["state"] as? String == "done" && statusJob["frames"] as? Int == FarmMedia.frames)
        #expect(statusJob["segments"] as? Int == segments && statusJob["finished_at"] is String)
        #expect(status["frames_done"] as? Int == FarmMedia.frames)
        let byState = try #require(status["segments_by_state"] as? [String: Int])
        #expect(byState["done"] == segments && byState.filter { $0.key != "done" }.values.allSatisfy { $0 == 0 }, "\(byState)")
        #expect((status["failures"] as? [Any])?.isEmpty == true)
        #expect(status["eta_seconds"] is NSNull, "a done job has no ETA: \(status)")
        #expect((status["elapsed_seconds"] as? Double).map { $0 >= 0 } == true, "a done job shows its elapsed time: \(status)")
        #expect(status["frames_in_progress"] as? Int == 0 && (status["tags_no_live_worker_has"] as? [Any])?.isEmpty == true)

        let text = try await farm.check(["status", "\(id)"]).stdout
        #expect(text.contains("elapsed") && !text.contains("ETA") && !text.contains("warning"), "\(text)")

        let jobs = try #require(try TestJSON.parse(try await farm.check(["jobs", "--json"]).stdout) as? [[String: Any]])
        #expect(jobs.count == 1)
        #expect(jobs.first?["id"] as? Int == Int(id) && jobs.first?["state"] as? String == "done")
        #expect(jobs.first?["frames"] as? Int == FarmMedia.frames && jobs.first?["segments"] as? Int == segments)

        let workers = try #require(try TestJSON.parse(try await farm.check(["workers", "--json"]).stdout) as? [[String: Any]])
        let me = try #require(workers.first { $0["id"] as? String == "mon-1" }, "\(workers)")
        #expect(me["pid"] as? Int == Int(worker.pid) && me["segments_done"] as? Int == segments, "\(me)")
        #expect(me["last_seen_at"] is String && me["host"] as? String == ProcessInfo.processInfo.hostName)

        // Tags no live worker has: `status` warns (the parts are all reused, so there is no rate either).
        let tagged = try await farm.submit(composition, output: farm.root.appendingPathComponent("out/tagged.mov").path,
                                           extra: ["--tags", "nowhere"])
        let warned = try await farm.check(["status", "\(tagged)"]).stdout
        #expect(warned.contains("warning   no live worker has the tags nowhere"), "\(warned)")
        #expect(!warned.contains("fps") && !warned.contains("ETA"), "\(warned)")
        let taggedJSON = try #require(try TestJSON.parse(try await farm.check(["status", "\(tagged)", "--json"]).stdout) as? [String: Any])
        #expect(taggedJSON["tags_no_live_worker_has"] as? [String] == ["nowhere"] && taggedJSON["fps"] is NSNull)
        #expect(await farm.drainWorkers().isEmpty)
    }

    @Test("cancel stops the running segment, keeps finished parts, and shows canceled segments")
    func cancel() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let worker = try farm.startWorker("cancel-1")
        let id = try await farm.submitSlow(composition, output: farm.root.appendingPathComponent("out/cancel.mov").path)
        _ = try await TestProcess.waitFor("a first segment", timeout: .seconds(30), poll: .milliseconds(10)) {
            try farm.segments(id, in: .done).first
        }
        let running = try await farm.stopMidSegment([worker], jobID: id).segment
        let canceled = try await farm.check(["cancel", "\(id)"])
        #expect(canceled.stdout.contains("canceled"))
        worker.send(SIGCONT)
        _ = try await TestProcess.waitFor("the worker to drop its canceled segment", timeout: .seconds(10),
                                          context: { worker.tail() }) {
            worker.stderr.contains("job canceled, segment stopped") ? true : nil
        }
        #expect(worker.isRunning, "a cancel must not stop the worker")
        #expect(!worker.stderr.contains("lease lost"), "a cancel is not a lost lease: \(worker.tail())")

        let status = try #require(try TestJSON.parse(try await farm.check(["status", "\(id)", "--json"]).stdout) as? [String: Any])
        #expect((status["job"] as? [String: Any])?["state"] as? String == "canceled")
        let byState = try #require(status["segments_by_state"] as? [String: Int])
        #expect((byState["canceled"] ?? 0) >= 1 && (byState["done"] ?? 0) >= 1 && byState["running"] == 0, "\(byState)")
        let segments = try farm.queue().segmentList(jobID: id)
        let stopped = try #require(segments.first { $0.id == running.id })
        #expect(stopped.state == .canceled && stopped.partLocation == nil)
        for segment in segments where segment.state == .done {
            #expect(FileManager.default.fileExists(atPath: segment.partLocation ?? "/nonexistent"), "\(segment)")
        }
        let again = try await farm.run(["cancel", "\(id)"])
        #expect(again.status == 1 && again.stdout.contains("not active"))
        #expect(await farm.drainWorkers().isEmpty)
    }
}
