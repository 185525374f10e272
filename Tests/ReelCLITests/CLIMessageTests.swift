import Foundation
import ReelTestSupport
import Testing

/// The CLI's plain words: one prefix for every error, database errors that say what to do, ranges in seconds.
@Suite struct CLIMessageTests {
    /// The first line of standard error of `reel args…`, which must exit `status`.
    static func firstError(_ args: [String], status: Int32) throws -> String {
        let result = try CLIRunner.run(args)
        #expect(result.status == status, "reel \(args.joined(separator: " ")) exited \(result.status): \(result.err)")
        return String(result.err.split(separator: "\n").first ?? "")
    }

    /// One prefix, `reel COMMAND: `, said once, with no `error:` after it.
    static func expectOnePrefix(_ line: String, command: String) {
        #expect(line.hasPrefix("reel \(command): "), "\(line)")
        #expect(line.components(separatedBy: "reel ").count == 2 || line.contains("run `reel db migrate`")
                || line.contains("takes --"), "prefix said twice: \(line)")
        #expect(!line.contains("error:") && !line.contains("reel: reel"), "\(line)")
    }

    @Test(arguments: [
        (["render"], "render", Int32(2)),
        (["render", "comp.json"], "render", 2),
        (["render", "/nonexistent/comp.json", "-o", "/tmp/x.mp4"], "render", 1),
        (["status", "abc"], "status", 2),
        (["worker", "--concurrency", "0"], "worker", 2),
        (["gc", "--older-than", "7x"], "gc", 2),
        (["submit", "--priority"], "submit", 2),
        (["jobs", "--db", "nonsense"], "jobs", 1),
        (["cancel", "--frobnicate", "3"], "cancel", 2),
    ])
    func errorsShareOnePrefix(args: [String], command: String, status: Int32) throws {
        Self.expectOnePrefix(try Self.firstError(args, status: status), command: command)
    }

    @Test func unknownCommandHasTheBarePrefix() throws {
        let line = try Self.firstError(["rendr"], status: 2)
        #expect(line.hasPrefix("reel: unknown command \"rendr\" (did you mean render?)"), "\(line)")
    }

    @Test("an unreachable database is named once, with the settings to check")
    func unreachableDatabase() throws {
        let line = try Self.firstError(["jobs", "--db", "postgresql://reel@127.0.0.1:1/reel"], status: 1)
        Self.expectOnePrefix(line, command: "jobs")
        #expect(line.components(separatedBy: "cannot reach the database").count == 2, "\(line)")
        for setting in ["--db", "REEL_DATABASE_URL", "PGHOST", "PGPASSWORD"] { #expect(line.contains(setting), "\(line)") }
    }

    @Test("an unmigrated schema says to run reel db migrate; an unknown database is not retried")
    func databaseHints() throws {
        let url = try TestDatabase.url()
        let unmigrated = try Self.firstError(["status", "1", "--db", url, "--schema", "reel_never_migrated"], status: 1)
        Self.expectOnePrefix(unmigrated, command: "status")
        #expect(unmigrated.contains("run `reel db migrate` with the same --db and --schema"), "\(unmigrated)")
        let base = url.components(separatedBy: "/").dropLast().joined(separator: "/")
        let unknown = try Self.firstError(["jobs", "--db", base + "/reel_no_such_database"], status: 1)
        #expect(unknown.contains("does not exist") && !unknown.contains("attempts"), "retried: \(unknown)")
    }

    @Test("a worker waiting for its database says so from its first line")
    func waitingWorker() async throws {
        let folder = try TempDir("wait")
        defer { folder.remove() }
        let logs = folder.url
        let worker = try TestChild(name: "waiter", executable: try TestBinary.reel(),
                                   arguments: ["worker", "--db", "postgresql://reel@127.0.0.1:1/reel", "--storage", logs.path,
                                               "--media-root", logs.path, "--output-root", logs.path],
                                   environment: [:], logs: logs)
        defer { worker.ensureDead() }
        let first = try await TestProcess.waitFor("the worker's first line", timeout: .seconds(20), context: { worker.tail() }) {
            worker.stderr.split(separator: "\n").first.map(String.init)
        }
        #expect(first.hasPrefix("waiting for the database: cannot reach the database") && first.contains("retrying in"),
                "\(first)")
        worker.send(SIGTERM)
        #expect(await worker.wait(timeout: .seconds(20)) != nil, "a waiting worker must stop on SIGTERM")
    }

    @Test("--range and --at speak in seconds")
    func rangesInSeconds() throws {
        let dir = try CLIRunner.mediaFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let comp = try CLIRunner.write(CLIValidateTests.valid, to: dir)
        let range = try Self.firstError(["render", comp, "-o", "\(dir)/o.mp4", "--range", "10..20"], status: 2)
        #expect(range == "reel render: --range 10..20 covers no frame: the timeline runs from 0 to 3.5 s", "\(range)")
        let bad = try Self.firstError(["render", comp, "-o", "\(dir)/o.mp4", "--range", "1..x"], status: 2)
        #expect(bad == "reel render: --range: \"x\" is not a number of seconds like 10, 2.5 or 1001/30000", "\(bad)")
        let at = try Self.firstError(["thumbnails", comp, "--at", "9", "-o", "\(dir)/thumbs"], status: 2)
        #expect(at == "reel thumbnails: --at 9: outside the timeline, which runs from 0 to 3.5 s", "\(at)")
    }
}
