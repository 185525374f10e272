import Foundation
import Testing
import ReelQueue

extension FarmTests {
    /// What `reel submit` lets into the queue.
    @Suite("Submit") struct Submit {}
}

extension FarmTests.Submit {
    /// Sources outside the media root: an absolute system file, a relative path climbing out, a symbolic link out.
    @Test("sources outside --media-root are refused before anything is inserted",
          arguments: ["/etc/passwd", "../outside/a.mp4", "../../../../../../../etc/passwd", "media/escape.mp4"])
    func outsideMediaRoot(source: String) async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let project = (composition as NSString).deletingLastPathComponent
        let outside = farm.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: project + "/media/a.mp4", toPath: outside.appendingPathComponent("a.mp4").path)
        try FileManager.default.createSymbolicLink(atPath: project + "/media/escape.mp4",
                                                   withDestinationPath: outside.appendingPathComponent("a.mp4").path)
        let text = try String(contentsOfFile: composition, encoding: .utf8)
            .replacingOccurrences(of: "\"media/a.mp4\"", with: "\"\(source)\"")
        let bad = project + "/bad.json"
        try text.write(toFile: bad, atomically: true, encoding: .utf8)

        let refused = try await farm.run(["submit", bad, "-o", farm.root.appendingPathComponent("out/x.mov").path,
                                          "--lossless", "--media-root", project])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("outside the media roots") && refused.stderr.contains(project), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        #expect(try farm.queue().jobList(JobListParams(limit: 10)).isEmpty)

        // The same project with its own sources is accepted under the same root.
        let accepted = try await farm.run(["submit", composition, "-o", farm.root.appendingPathComponent("out/y.mov").path,
                                           "--lossless", "--media-root", project])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(try farm.queue().jobList(JobListParams(limit: 10)).count == 1)
    }

    @Test("a job name that looks like SQL is stored verbatim")
    func injectionInName() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let names = ["x'); DROP TABLE jobs; --", "Robert'); DELETE FROM segments WHERE ('1'='1",
                     "$1 \\' \" %s %n \\x00 ; SELECT pg_sleep(10); -- ✓ ünïcode"]
        var ids: [Int64] = []
        for (n, name) in names.enumerated() {
            ids.append(try await farm.submit(composition, output: farm.root.appendingPathComponent("out/\(n).mov").path,
                                             extra: ["--name", name]))
        }
        let jobs = try #require(try farmJSON(try await farm.check(["jobs", "--json"]).stdout) as? [[String: Any]])
        for (id, name) in zip(ids, names) {
            #expect(jobs.first { $0["id"] as? Int == Int(id) }?["name"] as? String == name)
            let status = try #require(try farmJSON(try await farm.check(["status", "\(id)", "--json"]).stdout) as? [String: Any])
            #expect((status["job"] as? [String: Any])?["name"] as? String == name)
        }
        let queue = try farm.queue()
        #expect(try queue.jobList(JobListParams(limit: 10)).count == names.count)
        #expect(try ids.allSatisfy { try !queue.segmentList(jobID: $0).isEmpty })
    }
}

extension FarmTests.Submit {
    @Test("submitting a rendered project again reuses every part whose manifest is still valid")
    func resubmitReusesParts() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let first = try await farm.submit(composition, output: farm.root.appendingPathComponent("out/1.mov").path)
        _ = try farm.startWorker("w")
        #expect(try await farm.waitForJob(first).state == .done, "\(farm.workerLogs())")
        #expect(await farm.drainWorkers().isEmpty)
        let segments = try farm.queue().segmentList(jobID: first)

        let again = try await resubmit(composition, "2", farm: farm)
        #expect(again.reused == segments.count && again.segments == segments.count, "\(again)")
        let second = try farm.queue().segmentList(jobID: again.job)
        #expect(second.allSatisfy { $0.state == .done && $0.reusedFrom != nil }, "\(second.map(\.state))")

        // A part whose manifest is gone is not reused: its segment is queued again.
        let victim = segments[1].contentHash
        let manifests = try FileManager.default.subpathsOfDirectory(atPath: farm.storage)
            .filter { $0.contains(victim) && $0.hasSuffix(".json") }
        try #require(!manifests.isEmpty, "no manifest for \(victim) under \(farm.storage)")
        for m in manifests { try FileManager.default.removeItem(atPath: farm.storage + "/" + m) }
        let third = try await resubmit(composition, "3", farm: farm)
        #expect(third.reused == segments.count - 1, "\(third)")
    }

    func resubmit(_ composition: String, _ name: String,
                  farm: FarmFixture) async throws -> (job: Int64, segments: Int, reused: Int) {
        let out = try await farm.check(["submit", composition, "-o", farm.root.appendingPathComponent("out/\(name).mov").path,
                                        "--lossless", "--segment-seconds", "1", "--json"])
        let object = try #require(try farmJSON(out.stdout) as? [String: Any])
        return ((object["job"] as? NSNumber)?.int64Value ?? -1, object["segments"] as? Int ?? -1, object["reused"] as? Int ?? -1)
    }
}
