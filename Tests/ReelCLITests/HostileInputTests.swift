import Foundation
import ReelTestSupport
import Testing

/// The hostile-input table (docs/hostile-inputs.md): each case runs the real `reel` binary on a
/// composition, source file or output path that somebody else wrote, and must end with the expected
/// exit code and a message naming the place — never a signal, never "Fatal error", and with nothing
/// published (no file and no temporary file in the output folder).
@Suite(.serialized) struct HostileInputTests {
    @Test(arguments: HostileCase.all)
    func failsCleanly(_ hostile: HostileCase) throws {
        let bench = try HostileBench.make()
        defer { bench.remove() }
        let setup = try hostile.setup(bench)
        let outcome = try HostileRun.reel(setup.arguments, in: bench)
        let row = "\(hostile.name) | exit \(outcome.status) | \(outcome.lastError)"
        #expect(outcome.signalled == false, "\(hostile.name): killed by signal \(outcome.status)\n\(outcome.stderr)")
        #expect(!outcome.stderr.contains("Fatal error"), "\(hostile.name): \(outcome.stderr)")
        #expect(outcome.status == hostile.status, "\(row)\n\(outcome.stderr)")
        #expect(outcome.stderr.contains(hostile.message), "\(hostile.name): expected \"\(hostile.message)\" in\n\(outcome.stderr)")
        if hostile.status != 0 {
            #expect(bench.outputFolderContents().isEmpty, "\(hostile.name) left \(bench.outputFolderContents())")
        }
    }
}

/// A scratch folder with real media made by ffmpeg: `a.mp4` (3 s, 160x90, with audio), `tone.wav`,
/// `logo.png`, and an empty output folder `out/`.
struct HostileBench {
    let dir: String

    static func make() throws -> HostileBench {
        let dir = try CLIRunner.mediaFolder()
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=32x16", "-frames:v", "1", "\(dir)/logo.png"])
        try FileManager.default.createDirectory(atPath: "\(dir)/out", withIntermediateDirectories: false)
        return HostileBench(dir: dir)
    }

    func path(_ name: String) -> String { "\(dir)/\(name)" }

    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: path(name), atomically: false, encoding: .utf8)
        return path(name)
    }

    func write(_ name: String, bytes: [UInt8]) throws -> String {
        try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    /// Files left in `out/`, temporary ones included.
    func outputFolderContents() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: path("out"))) ?? [] }

    func remove() { try? FileManager.default.removeItem(atPath: dir) }
}

/// Running `reel` and reading how it ended.
struct HostileRun {
    var status: Int32
    var signalled: Bool
    var stderr: String

    /// The last `reel COMMAND: ` line that is not a warning, with the indented problem lines under it, or the last line.
    var lastError: String {
        let lines = stderr.split(separator: "\n").map(String.init)
        guard let at = lines.lastIndex(where: { $0.hasPrefix("reel ") && !$0.contains(": warning: ") }) else {
            return lines.last ?? ""
        }
        let detail = lines[(at + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        let line = ([lines[at]] + detail).joined(separator: " ")
        return line.count > 600 ? String(line.prefix(600)) + "…" : line
    }

    static func reel(_ arguments: [String], in bench: HostileBench) throws -> HostileRun {
        let result = try TestProcess.run(try TestBinary.reel(), arguments)
        return HostileRun(status: result.status, signalled: result.signalled, stderr: result.stderr)
    }
}
