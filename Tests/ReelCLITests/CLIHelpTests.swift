import Foundation
import ReelTestSupport
import Testing

/// `reel COMMAND --help` against what the command accepts: both come from one table, and these tests
/// read them back from the built binary, so a hand-written usage string that drifts is caught.
@Suite struct CLIHelpTests {
    /// The commands `reel --help` lists.
    static func commands() throws -> [String] {
        let out = try CLIRunner.run(["--help"]).out
        let lines = out.split(separator: "\n").drop { !$0.hasPrefix("commands:") }.dropFirst()
        return lines.prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// The options a command accepts, as its refusal of an unknown option lists them.
    static func accepted(_ command: String) throws -> Set<String> {
        let result = try CLIRunner.run([command, "--qqqqqqqqqqqqqqqqqqqq"])
        if result.status == 2 && result.err.contains("reel \(command) takes no options") { return [] }
        guard result.status == 2, let range = result.err.range(of: "reel \(command) takes ") else {
            throw TestFailure("reel \(command) did not list its options: \(result.err)")
        }
        return Set(result.err[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
            .components(separatedBy: ", "))
    }

    /// The options a help text describes: `--name` at the start of an option line, with the description beside it.
    static func described(_ help: String) -> [String: String] {
        var options: [String: String] = [:]
        let lines = help.split(separator: "\n").map(String.init).drop { $0 != "options:" }.map { $0 }
        for (i, line) in lines.enumerated() where line.hasPrefix("  -") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let long = words.first(where: { $0.hasPrefix("--") }) else { continue }
            let name = String(long).trimmingCharacters(in: CharacterSet(charactersIn: ","))
            // A long label puts its description on the next line.
            let text = line.count > 26 ? String(line.dropFirst(26)) : i + 1 < lines.count ? lines[i + 1] : ""
            options[name] = text.trimmingCharacters(in: .whitespaces)
        }
        return options
    }

    /// `reel COMMAND --help` with its line breaks and indents folded into single spaces.
    static func help(_ command: String) throws -> String {
        try CLIRunner.run([command, "--help"]).out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func everyCommandIsListed() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 16, "\(commands)")
        for expected in ["validate", "render", "submit", "worker", "status", "watch", "gc", "db"] {
            #expect(commands.contains(expected), "\(commands)")
        }
    }

    @Test func everyAcceptedOptionIsDescribedAndNothingElse() throws {
        for command in try Self.commands() {
            let result = try CLIRunner.run([command, "--help"])
            #expect(result.status == 0 && result.out.hasPrefix("usage: reel \(command)"), "\(command): \(result.out)")
            let described = Self.described(result.out)
            #expect(described["--help"] != nil, "reel \(command) --help does not describe --help")
            for (name, text) in described { #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(command) \(name)") }
            let accepted = try Self.accepted(command)
            #expect(!accepted.isEmpty || result.out.contains("options: none"), "reel \(command) takes no option; its help must say so")
            #expect(accepted.isSubset(of: Set(described.keys)),
                    "reel \(command) accepts but does not describe \(accepted.subtracting(described.keys).sorted())")
            #expect(Set(described.keys).subtracting(["--help"]) == accepted,
                    "reel \(command) describes options it refuses: \(Set(described.keys).subtracting(accepted).sorted())")
        }
    }

    @Test("--stitch-audio-threads is offered by reel render and reel worker, and refused outside 1…64 before anything runs")
    func stitchAudioThreads() throws {
        for command in ["render", "worker"] {
            #expect(try Self.accepted(command).contains("--stitch-audio-threads"), "reel \(command)")
        }
        let render = try CLIRunner.run(["render", "/nonexistent/comp.json", "-o", "/tmp/x.mp4", "--stitch-audio-threads", "0"])
        #expect(render.status == 2 && render.err.contains("--stitch-audio-threads"), "\(render.err)")
        let worker = try CLIRunner.run(["worker", "--stitch-audio-threads", "65", "--db", "postgresql://nobody@127.0.0.1:1/x",
                                        "--storage", "/tmp", "--no-roots"])
        #expect(worker.status == 2 && worker.err.contains("--stitch-audio-threads"), "\(worker.err)")
    }

    @Test("the help answers a newcomer's questions: priority order, defaults, variables, why storage")
    func newcomerQuestions() throws {
        let worker = try Self.help("worker")
        for text in ["--schema", "--retry-base-ms", "REEL_RETRY_BASE_MS", "REEL_SCHEMA", "REEL_DATABASE_URL", "PGHOST",
                     "REEL_STORAGE", "REEL_MEDIA_ROOTS", "REEL_OUTPUT_ROOTS", "REEL_WORKER_NAME", "SIGTERM", "--no-roots",
                     "required unless --no-roots"] {
            #expect(worker.contains(text), "reel worker --help lacks \(text)")
        }
        let concurrency = try #require(Self.described(try CLIRunner.run(["worker", "--help"]).out)["--concurrency"])
        #expect(worker.contains("(default: 1)") && concurrency.contains("segments rendered at once"), "\(worker)")
        let submit = try Self.help("submit")
        let priority = try #require(Self.described(try CLIRunner.run(["submit", "--help"]).out)["--priority"])
        #expect(submit.contains("higher runs first: workers claim the segments of higher-priority jobs") && priority.contains("any whole number"), "\(submit)")
        #expect(submit.contains("Needs the shared storage: segments whose part is already there"), "\(submit)")
        #expect(try Self.help("render").contains("(default: the number of cores)"))
        #expect(try Self.help("gc").contains("(default: 7d)"))
    }
}
