import Foundation
import ReelTestSupport
import Testing
import ReelQueue

extension FarmTests {
    /// Work that makes no progress is released: leases follow progress, not a clock.
    @Suite("Stalls") struct Stalls {}
}

extension FarmTests.Stalls {
    @Test("a source on a mount that blocks: the attempt fails as 'no progress', the stuck worker exits 75, another finishes the job")
    func blockingMount() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let mount = try await BlockingMount.over(URL(fileURLWithPath: composition).deletingLastPathComponent()
                                                    .appendingPathComponent("media"), in: farm)
        defer { mount.remove() }
        let id = try await farm.submit(composition, output: farm.root.appendingPathComponent("out/stall.mov").path,
                                       extra: ["--max-attempts", "5"])
        try mount.block()
        let stuck = try farm.startWorker("stuck", extra: ["--stall-seconds", "3"])
        let status = await stuck.wait(timeout: .seconds(60))
        #expect(status == 75, "the stuck worker ended with \(status.map(String.init) ?? "nothing") \n\(stuck.tail())")
        let failed = try farm.queue().segmentList(jobID: id).flatMap(\.errors)
        let stall = try #require(failed.first { $0.message.contains("no progress for") }, "errors: \(failed.map(\.message))")
        #expect(stall.message.contains("worker stuck") && stall.message.contains("/media/"), "\(stall.message)")
        #expect(stall.kind == AttemptError.Kind.stall, "counted as a stall: \(stall.kind)")
        #expect(try farm.queue().segmentList(jobID: id).allSatisfy { $0.state != .running }, "a stuck segment kept its lease")

        try mount.unblock()
        _ = try farm.startWorker("fresh", extra: ["--stall-seconds", "30"])
        let job = try await farm.waitForJob(id, timeout: .seconds(90))
        #expect(job.state == .done, "job ended \(job.state.rawValue): \(job.error ?? "")\n\(farm.workerLogs())")
        #expect(await farm.drainWorkers().isEmpty)
    }
}

extension FarmTests.Stalls {
    @Test("a source replaced by a FIFO after submit: refused when opened, the job fails at once, the worker lives on")
    func fifoSource() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let composition = try await farm.makeProject()
        let id = try await farm.submit(composition, output: farm.root.appendingPathComponent("out/fifo.mov").path)
        let clip = URL(fileURLWithPath: composition).deletingLastPathComponent().appendingPathComponent("media/b.mp4")
        try FileManager.default.removeItem(at: clip)
        #expect(mkfifo(clip.path, 0o644) == 0)
        let worker = try farm.startWorker("reader", extra: ["--stall-seconds", "5"])
        let job = try await farm.waitForJob(id, timeout: .seconds(30))
        #expect(job.state == .failed && (job.error ?? "").contains("is a FIFO"), "\(job.error ?? "")")
        let kinds = try farm.queue().segmentList(jobID: id).flatMap(\.errors).map(\.kind)
        #expect(kinds == [AttemptError.Kind.input], "a permanent input error is counted as one: \(kinds)")
        #expect(worker.isRunning, "the worker died on a FIFO:\n\(worker.tail())")
        #expect(await farm.drainWorkers().isEmpty)
    }
}

/// A FUSE mount (Tests/ReelFarmProcessTests/Support/blockfs.py, fusepy) over a folder, whose reads block while a gate
/// file exists, like a hard NFS mount whose server went away.
struct BlockingMount {
    let mountpoint: URL
    let gate: URL
    let server: TestChild

    /// Moves `folder`'s files aside and mounts them back at `folder`, unblocked.
    static func over(_ folder: URL, in farm: FarmFixture) async throws -> BlockingMount {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let python = root.appendingPathComponent(".build/pyenv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw TestFailure("\(python) is missing: scripts/setup.sh installs fusepy there (run scripts/test.sh)")
        }
        let backing = farm.root.appendingPathComponent("backing"), gate = farm.root.appendingPathComponent("gate")
        try FileManager.default.moveItem(at: folder, to: backing)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let server = try TestChild(name: "blockfs", executable: python,
                                   arguments: [root.appendingPathComponent("Tests/ReelFarmProcessTests/Support/blockfs.py").path,
                                               backing.path, folder.path, gate.path], logs: farm.logs)
        _ = try await TestProcess.waitFor("the FUSE mount", timeout: .seconds(15)) {
            (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == false ? true : nil
        }
        return BlockingMount(mountpoint: folder, gate: gate, server: server)
    }

    func block() throws { try Data().write(to: gate) }
    func unblock() throws { try FileManager.default.removeItem(at: gate) }

    func remove() {
        try? FileManager.default.removeItem(at: gate)
        _ = try? TestProcess.run("/usr/bin/fusermount", ["-u", mountpoint.path])
        server.ensureDead()
    }
}
