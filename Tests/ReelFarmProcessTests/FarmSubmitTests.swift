import Foundation
import ReelTestSupport
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
        let jobs = try #require(try TestJSON.parse(try await farm.check(["jobs", "--json"]).stdout) as? [[String: Any]])
        for (id, name) in zip(ids, names) {
            #expect(jobs.first { $0["id"] as? Int == Int(id) }?["name"] as? String == name)
            let status = try #require(try TestJSON.parse(try await farm.check(["status", "\(id)", "--json"]).stdout) as? [String: Any])
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
        let object = try #require(try TestJSON.parse(out.stdout) as? [String: Any])
        return ((object["job"] as? NSNumber)?.int64Value ?? -1, object["segments"] as? Int ?? -1, object["reused"] as? Int ?? -1)
    }
}

extension FarmTests.Submit {
    @Test("outputs outside --output-root, inside the part store, through a link or already being written are refused")
    func outputRoots() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let root = farm.root.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/link.mov", withDestinationPath: "/tmp/elsewhere.mov")
        let refused: [(String, String)] = [
            ("/tmp/outside.mov", "lies outside the output roots"),
            (root + "/../escape.mov", "lies outside the output roots"),
            (farm.storage + "/parts.mov", "lies inside the part store"),
            (root + "/link.mov", "is a symbolic link"),
        ]
        for (output, message) in refused {
            let result = try await farm.run(["submit", composition, "-o", output, "--lossless", "--output-root", root])
            #expect(result.status == 1 && result.stderr.contains(message), "\(output): \(result.stderr)")
        }
        #expect(try farm.queue().jobList(JobListParams(limit: 10)).isEmpty, "a refused output was queued")
        let accepted = try await farm.run(["submit", composition, "-o", root + "/ok.mov", "--lossless", "--output-root", root])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        let twice = try await farm.run(["submit", composition, "-o", root + "/ok.mov", "--lossless", "--output-root", root])
        #expect(twice.status == 1 && twice.stderr.contains("already writes this file"), "\(twice.stderr)")
    }

    @Test("a worker re-checks the output against its own --output-root: the job fails and nothing is written")
    func workerRechecksOutputRoots() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let output = farm.root.appendingPathComponent("elsewhere/x.mov").path
        let id = try await farm.submit(composition, output: output)
        _ = try farm.startWorker("strict", extra: ["--output-root", farm.root.appendingPathComponent("out").path])
        let job = try await farm.waitForJob(id)
        #expect(job.state == .failed && (job.error ?? "").contains("outside the output roots"), "\(job.error ?? "")")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(await farm.drainWorkers().isEmpty)
    }
}

extension FarmTests.Submit {
    @Test("a title font or image given as a path outside --media-root is refused; a font family name is looked up in the system folders")
    func titleFilesOutsideMediaRoot() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let project = (composition as NSString).deletingLastPathComponent
        let text = try String(contentsOfFile: composition, encoding: .utf8)
        func withTitle(_ title: String, _ name: String) throws -> String {
            let path = project + "/" + name
            let body = text.replacingOccurrences(of: "\"videos\":", with: "\"titles\": [\(title)], \"videos\":")
            try body.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let range = #""timeRange": {"start": 0, "duration": 1}"#
        let outsideFont = try withTitle(#"{\#(range), "text": "Hi", "font": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"}"#,
                                        "font.json")
        let outsideImage = try withTitle(#"{\#(range), "image": "/usr/share/pixmaps/debian-logo.png"}"#, "image.json")
        let family = try withTitle(#"{\#(range), "text": "Hi", "font": "DejaVu Sans"}"#, "family.json")
        for (comp, path) in [(outsideFont, "DejaVuSans.ttf"), (outsideImage, "debian-logo.png")] {
            let refused = try await farm.run(["submit", comp, "-o", farm.root.appendingPathComponent("out/x.mov").path,
                                              "--lossless", "--media-root", project])
            #expect(refused.status == 1 && refused.stderr.contains("outside the media roots")
                    && refused.stderr.contains(path), "\(refused.stderr)")
        }
        let accepted = try await farm.run(["submit", family, "-o", farm.root.appendingPathComponent("out/y.mov").path,
                                           "--lossless", "--media-root", project])
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }
}
