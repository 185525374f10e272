import Foundation
import ReelTestSupport
import Testing
import ReelQueue

extension FarmTests {
    /// A farm worker renders what anyone who can submit sends, so it starts only with media and output roots, or
    /// with `--no-roots` said out loud.
    @Suite("Worker roots") struct WorkerRoots {}
}

extension FarmTests.WorkerRoots {
    @Test("reel worker without roots exits 2 naming the missing options and variables, before it connects",
          arguments: [
              ([String](), ["--output-root DIR (or REEL_OUTPUT_ROOTS) and --media-root DIR (or REEL_MEDIA_ROOTS)"]),
              (["--output-root", "/storage/out"], ["--media-root DIR (or REEL_MEDIA_ROOTS)"]),
              (["--media-root", "/media"], ["--output-root DIR (or REEL_OUTPUT_ROOTS)"]),
          ])
    func refusedWithoutRoots(roots: [String], named: [String]) async throws {
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("reel-roots-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: logs) }
        // An unreachable database: a worker that got past the check would wait for it instead of exiting.
        let out = try await TestProcess.run(try TestBinary.reel(),
                                            ["worker", "--db", "postgresql://reel@127.0.0.1:1/reel", "--storage", logs.path]
                                            + roots,
                                            environment: ["REEL_MEDIA_ROOTS": "", "REEL_OUTPUT_ROOTS": ""], logs: logs,
                                            timeout: .seconds(20))
        #expect(out.status == 2, "\(out.stderr)")
        for text in named { #expect(out.stderr.contains("reel worker: needs \(text): "), "\(out.stderr)") }
        #expect(out.stderr.contains("--no-roots starts it without them") && !out.stderr.contains("waiting for the database"),
                "\(out.stderr)")
    }

    @Test("reel worker --no-roots starts, registers, warns in its first line, and drains on SIGTERM")
    func startsWithNoRoots() async throws {
        let farm = try await FarmFixture()
        defer { farm.cleanup() }
        let worker = try TestChild(name: "unrooted", executable: farm.reel,
                                   arguments: ["worker", "--name", "unrooted", "--no-roots"],
                                   environment: farm.environment.merging(["REEL_OUTPUT_ROOTS": ""]) { $1 }, logs: farm.logs)
        defer { worker.ensureDead() }
        let queue = try farm.queue()
        _ = try await TestProcess.waitFor("the worker to register", timeout: .seconds(30), context: { worker.tail() }) {
            try queue.workerList().first { $0.id == "unrooted" }
        }
        let first = String(worker.stderr.split(separator: "\n").first ?? "")
        #expect(first.hasPrefix("warning: started with --no-roots and no --output-root DIR (or REEL_OUTPUT_ROOTS) or "
                                + "--media-root DIR (or REEL_MEDIA_ROOTS)"), "\(first)")
        worker.send(SIGTERM)
        #expect(await worker.wait(timeout: .seconds(20)) == 0, "\(worker.tail())")
    }
}
