import Foundation
import Testing
import ReelFarm
import ReelQueue
import ReelRecords

/// Every key of a JSON value, recursively, with its path.
func jsonKeys(_ value: Any, path: String = "$") -> [(path: String, key: String)] {
    if let object = value as? [String: Any] {
        return object.flatMap { key, child in [(path, key)] + jsonKeys(child, path: "\(path).\(key)") }
    }
    if let array = value as? [Any] { return array.enumerated().flatMap { jsonKeys($1, path: "\(path)[\($0)]") } }
    return []
}

/// The keys of `text` (one JSON document, or one per line) that are not snake_case.
func badKeys(_ text: String, lines: Bool = false) throws -> [String] {
    let documents = lines ? text.split(separator: "\n").map(String.init) : [text]
    let snake = try Regex("^[a-z][a-z0-9_]*$")
    return try documents.flatMap { doc in
        jsonKeys(try farmJSON(doc)).filter { (try? snake.wholeMatch(in: $0.key)) == nil }.map { "\($0.path).\($0.key)" }
    }
}

/// The one JSON style: snake_case keys everywhere, the shared serializer's choices.
@Suite struct JSONStyleTests {
    @Test func serializerKeepsSlashesWritesNullsAndSecondTimes() throws {
        let boxed: Int? = nil
        let text = FarmJSON.string(["path": "/a/b", "none": FarmJSON.nullable(nil as Int?), "boxed": boxed as Any,
                                        "nan": Double.nan], pretty: false)
        #expect(text == #"{"boxed":null,"nan":null,"none":null,"path":"/a/b"}"#)
        let time = FarmJSON.time(Date(timeIntervalSince1970: 1_764_558_466.5))
        #expect(time == "2025-12-01T03:07:46Z", "\(time)")
        #expect(try badKeys(#"{"ok_key": [{"fineKey": 1}], "Bad": {"x1": 2}}"#).sorted() == ["$.Bad", "$.ok_key[0].fineKey"])
    }

    @Test("validate, plan, probe and render --json use snake_case keys only")
    func singleMachineCommands() throws {
        let dir = try CLIRunner.mediaFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let comp = try CLIRunner.write(CLIValidateTests.valid, to: dir)
        for args in [["validate", comp, "--json"], ["plan", comp, "--json"], ["probe", "\(dir)/a.mp4", "--json"],
                     ["probe", "\(dir)/tone.wav", "--json"]] {
            let result = try CLIRunner.run(args)
            #expect(result.status == 0, "\(args): \(result.err)")
            let bad = try badKeys(result.out)
            #expect(bad.isEmpty, "reel \(args.joined(separator: " ")): \(bad)")
        }
        let render = try CLIRunner.run(["render", comp, "-o", "\(dir)/out.mp4", "--json", "--storage", "\(dir)/store"])
        #expect(render.status == 0, "\(render.err)")
        #expect(render.out.contains("\"eta_seconds\"") && render.out.contains("\"event\":\"done\""), "\(render.out)")
        // The serial tail, from the last segment done to publication, a number of seconds on the done event.
        let done = render.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.first { $0["event"] as? String == "done" }
        let tail = (done?["stitch_tail_seconds"] as? NSNumber)?.doubleValue
        #expect(tail.map { $0 >= 0 && $0 < 60 } == true, "stitch_tail_seconds: \(String(describing: done))")
        let bad = try badKeys(render.out, lines: true)
        #expect(bad.isEmpty, "reel render --json: \(bad)")
    }
}

extension FarmTests {
    @Suite("JSON style") struct JSONStyle {}
}

extension FarmTests.JSONStyle {
    @Test("submit, worker, watch, status, jobs, workers and gc --json use snake_case keys, the shapes of FarmJSON")
    func farmCommands() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let worker = try farm.startWorker("json-1", extra: ["--json"])
        let submitted = try await farm.check(["submit", composition, "-o", farm.root.appendingPathComponent("out/j.mov").path,
                                              "--lossless", "--segment-seconds", "1", "--json"])
        #expect(try badKeys(submitted.stdout).isEmpty)
        let id = try #require(((try farmJSON(submitted.stdout) as? [String: Any])?["job"] as? NSNumber)?.int64Value)
        let watch = try await farm.check(["watch", "\(id)", "--json"])
        let badWatch = try badKeys(watch.stdout, lines: true)
        #expect(badWatch.isEmpty, "reel watch --json: \(badWatch)")
        _ = try await farm.waitForJob(id)

        let status = try await farm.check(["status", "\(id)", "--json"]).stdout
        let jobs = try await farm.check(["jobs", "--json"]).stdout
        let workers = try await farm.check(["workers", "--json"]).stdout
        let gc = try await farm.check(["gc", "--json", "--dry-run"]).stdout
        for (name, text) in [("status", status), ("jobs", jobs), ("workers", workers), ("gc", gc)] {
            let bad = try badKeys(text)
            #expect(bad.isEmpty, "reel \(name) --json: \(bad)")
        }
        // The CLI prints the shapes the HTTP API serves.
        let queue = try farm.queue()
        let printed = try #require(try farmJSON(status) as? [String: Any])
        let shared = FarmJSON.status(try queue.jobStatus(id))
        #expect(Set(printed.keys) == Set(shared.keys), "reel status --json and FarmJSON.status differ")
        #expect(Set((printed["job"] as? [String: Any] ?? [:]).keys) == Set((shared["job"] as? [String: Any] ?? [:]).keys))
        let listed = try #require((try farmJSON(workers) as? [[String: Any]])?.first { $0["id"] as? String == "json-1" })
        let info = try #require(try queue.workerList().first { $0.id == "json-1" })
        #expect(Set(listed.keys) == Set(FarmJSON.worker(info, now: Date()).keys))
        #expect((listed["last_seen_at"] as? String)?.hasSuffix("Z") == true, "\(listed)")

        #expect(await farm.drainWorkers().isEmpty)
        let logLines = worker.stderr.split(separator: "\n").filter { $0.hasPrefix("{") }.joined(separator: "\n")
        #expect(logLines.contains("\"msg\":\"segment done\""), "\(worker.tail())")
        let badLog = try badKeys(logLines, lines: true)
        #expect(badLog.isEmpty, "reel worker --json: \(badLog)")
        let segments = try queue.segmentList(jobID: id).map { FarmJSON.segment($0, now: Date()) }
        #expect(try badKeys(FarmJSON.string(segments)).isEmpty)
    }
}
