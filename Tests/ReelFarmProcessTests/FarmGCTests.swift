import Foundation
import ReelTestSupport
import Testing
import ReelFarm
import ReelQueue
import ReelRender

extension FarmTests {
    @Suite("Garbage collection") struct GC {}
}

extension FarmTests.GC {
    @Test("reel gc deletes only old unreferenced parts and stale temporary files; an active job's old parts stay and it completes")
    func gcKeepsActiveJobParts() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let first = try await farm.submit(composition, output: farm.root.appendingPathComponent("out/first.mov").path)
        _ = try farm.startWorker("gc-1")
        #expect(try await farm.waitForJob(first).state == .done)
        #expect(await farm.drainWorkers().isEmpty)
        // Every part has its thumbnail, and the job its poster: young files, deleted with their old parts below.
        let store = PartStore(root: farm.storage)
        let pictures = try farm.queue().segmentList(jobID: first).map { store.files(for: $0.contentHash).thumbnail }
            + [try #require(JobPoster.existing(for: try farm.queue().segmentList(jobID: first), store: store))]
        for picture in pictures {
            let facts = try TestProcess.probe(URL(fileURLWithPath: picture), stream: "v:0", entries: "codec_name,width")
            #expect(facts["codec_name"] == "mjpeg" && facts["width"] == (picture.hasSuffix(".poster.jpg") ? "480" : "160"),
                    "\(picture): \(facts)")
        }
        // Same composition again: every segment reuses a part, and the job waits, active, for a stitcher.
        let second = try await farm.submit(composition, output: farm.root.appendingPathComponent("out/second.mov").path)
        let jobHashes = Set(try farm.queue().segmentList(jobID: second).map(\.contentHash))
        let parts = URL(fileURLWithPath: farm.storage).appendingPathComponent("parts")
        let jobFiles = try FileManager.default.subpathsOfDirectory(atPath: parts.path)
            .filter { $0.hasSuffix(".mp4") || $0.hasSuffix(".wav") || $0.hasSuffix(".json") }.map { parts.appendingPathComponent($0).path }
        #expect(jobFiles.count == 3 * jobHashes.count)

        let old = Date().addingTimeInterval(-8 * 86400)
        let orphan = String(repeating: "ab", count: 32), young = String(repeating: "cd", count: 32)
        let orphanFiles = try ["json", "mp4", "wav"].map { try write(parts, "ab/\(orphan).\($0)", modified: old) }
        let youngFiles = try ["json", "mp4", "wav"].map { try write(parts, "cd/\(young).\($0)", modified: Date()) }
        let staleTemp = try write(parts, "ab/.\(orphan).0123abcd.tmp.mp4", modified: old)
        let liveTemp = try write(parts, "cd/.\(young).89abcdef.tmp.wav", modified: Date())
        for f in jobFiles { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: f) }

        for bad in ["7", "7w", "-1d", "0h", "1.5d"] {
            #expect(try await farm.run(["gc", "--older-than", bad]).status == 2, "--older-than \(bad)")
        }
        let dry = try gcJSON(try await farm.check(["gc", "--older-than", "7d", "--dry-run", "--json"]).stdout)
        #expect(dry.parts == [orphan] && dry.temporary == [(staleTemp as NSString).lastPathComponent])
        #expect(dry.keptReferenced == jobHashes.count && dry.bytes == 4 * 4, "four 4-byte files")
        #expect((orphanFiles + [staleTemp]).allSatisfy(exists), "--dry-run deletes nothing")

        let real = try gcJSON(try await farm.check(["gc", "--older-than", "7d", "--json"]).stdout)
        #expect(real.parts == [orphan] && real.temporary.count == 1 && real.bytes == 4 * 4 && !real.dryRun)
        #expect(!(orphanFiles + [staleTemp]).contains(where: exists))
        #expect((jobFiles + youngFiles + [liveTemp]).allSatisfy(exists), "referenced or young files were deleted")

        _ = try farm.startWorker("gc-2")
        let done = try await farm.waitForJob(second)
        #expect(done.state == .done, "\(done.error ?? "")\n\(farm.workerLogs())")
        let rerendered = try farm.queue().eventList(jobID: second).filter {
            if case .segment(_, .done, .available) = $0.change { return true } else { return false }
        }
        #expect(rerendered.isEmpty, "the stitcher found parts missing: \(rerendered)")
        #expect(await farm.drainWorkers().isEmpty)

        // Finished, the job no longer protects its old parts.
        let after = try gcJSON(try await farm.check(["gc", "--older-than", "36h", "--json"]).stdout)
        #expect(Set(after.parts) == jobHashes && after.keptReferenced == 0)
        #expect(!jobFiles.contains(where: exists))
        #expect(!pictures.contains(where: exists), "thumbnails or the poster outlived their parts")
    }

    func write(_ dir: URL, _ name: String, modified: Date) throws -> String {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("part".utf8).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
        return url.path
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    struct GCReport { var parts: [String]; var temporary: [String]; var bytes: Int; var keptReferenced: Int; var dryRun: Bool }

    func gcJSON(_ text: String) throws -> GCReport {
        let o = try #require(try TestJSON.parse(text) as? [String: Any], "\(text)")
        func names(_ key: String, _ field: String) -> [String] {
            (o[key] as? [[String: Any]] ?? []).compactMap { ($0[field] as? String).map { ($0 as NSString).lastPathComponent } }
        }
        return GCReport(parts: names("parts", "content_hash"), temporary: names("temporary_files", "path"), bytes: o["bytes_freed"] as? Int ?? -1,
                        keptReferenced: o["kept_referenced"] as? Int ?? -1, dryRun: o["dry_run"] as? Bool ?? false)
    }
}
