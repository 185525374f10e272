import Foundation
import ReelTestSupport
import Testing

extension FarmTests {
    /// scripts/local-farm.sh, as README's "A farm on one machine in three commands" uses it.
    @Suite("Local farm") struct LocalFarm {}
}

extension FarmTests.LocalFarm {
    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/local-farm.sh").path
    }

    /// The variables of the `export A='x' B='y'` line the script prints.
    static func exports(_ line: String) throws -> [String: String] {
        let pattern = try Regex(#"([A-Z_]+)='([^']*)'"#)
        let pairs = line.matches(of: pattern).compactMap { m -> (String, String)? in
            guard let name = m.output[1].substring, let value = m.output[2].substring else { return nil }
            return (String(name), String(value))
        }
        return Dictionary(pairs, uniquingKeysWith: { _, b in b })
    }

    @Test("start, migrate, submit a tiny job, a worker renders it, stop")
    func startRenderStop() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reel-local-\(UUID().uuidString.prefix(8))")
        let logs = dir.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        defer {
            _ = try? TestProcess.run("/bin/bash", [Self.script, "destroy", dir.path])
            try? FileManager.default.removeItem(at: dir)
        }
        let started = try TestProcess.run("/bin/bash", [Self.script, "start", dir.path])
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stderr.contains("reel db migrate") && started.stderr.contains("reel worker"), "\(started.stderr)")
        let env = try Self.exports(started.stdout)
        let url = try #require(env["REEL_DATABASE_URL"], "no export line: \(started.stdout)")
        #expect(url.hasPrefix("postgresql://reel@127.0.0.1:") && env["PGPASSFILE"] != nil && env["REEL_STORAGE"] != nil)
        // The password is needed: without the pgpass file, loopback connections are refused.
        let refused = try await TestProcess.run(try TestBinary.reel(), ["jobs"], environment: ["REEL_DATABASE_URL": url,
                                                "PGPASSFILE": "/nonexistent"], logs: logs)
        #expect(refused.status == 1 && refused.stderr.contains("password"), "\(refused.stderr)")

        let reel = try TestBinary.reel()
        try await TestProcess.check(reel, ["db", "migrate"], environment: env, logs: logs)
        let composition = try await FarmMedia.makeProject(in: dir.appendingPathComponent("project"), logs: logs)
        let worker = try TestChild(name: "local", executable: reel, arguments: ["worker", "--name", "local",
                                   "--media-root", dir.path, "--output-root", dir.path], environment: env, logs: logs)
        defer { worker.ensureDead() }
        let output = dir.appendingPathComponent("out.mp4").path
        let submitted = try await TestProcess.check(reel, ["submit", composition, "-o", output], environment: env, logs: logs)
        let id = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let watched = try await TestProcess.run(reel, ["watch", id], environment: env, logs: logs)
        #expect(watched.status == 0 && watched.stderr.contains("job \(id): done"), "\(watched.stderr)\n\(worker.tail())")
        #expect(FileManager.default.fileExists(atPath: output))
        worker.send(SIGTERM)
        #expect(await worker.wait(timeout: .seconds(30)) == 0, "\(worker.tail())")

        let stopped = try TestProcess.run("/bin/bash", [Self.script, "stop", dir.path])
        #expect(stopped.status == 0 && stopped.stderr.contains("stopped"), "\(stopped.stderr)")
        #expect(try TestProcess.run("/bin/bash", [Self.script, "status", dir.path]).status == 1)
    }
}
