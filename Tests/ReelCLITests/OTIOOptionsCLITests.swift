import Foundation
import ReelTestSupport
import Testing

/// `--media-map` and `--offline` have one reader (`RenderRequest.otioOptions`, which the worker uses too): every
/// command that takes them refuses a malformed value as a usage error (exit 2), before it reads anything, with
/// the same words.
@Suite struct OTIOOptionsCLITests {
    static let commands = ["render", "validate", "plan", "submit", "export-otio"]

    @Test("a --media-map without '=' is a usage error naming the value", arguments: commands)
    func badMediaMap(command: String) throws {
        let r = try CLIRunner.run(Self.arguments(command) + ["--media-map", "/old/prefix"])
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains("--media-map /old/prefix: expected /old/prefix=/new/prefix"), "\(r.err)")
    }

    @Test("an --offline mode other than slate is a usage error naming the mode", arguments: commands)
    func badOffline(command: String) throws {
        let r = try CLIRunner.run(Self.arguments(command) + ["--offline", "black"])
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains("--offline black: the only mode is \"slate\""), "\(r.err)")
    }

    /// The command with what it needs besides the options: the example composition (read, then the options are
    /// checked before anything is probed, planned or written), and a database that is never reached.
    static func arguments(_ command: String) -> [String] {
        let example = TestRepository.root.appendingPathComponent("examples/demo.json").path
        switch command {
        case "render": return [command, example, "-o", NSTemporaryDirectory() + "reel-unused.mp4"]
        case "submit": return [command, example, "-o", NSTemporaryDirectory() + "reel-unused.mp4",
                               "--db", "postgresql://127.0.0.1:1/none"]
        case "export-otio": return [command, example, "-o", NSTemporaryDirectory() + "reel-unused.otio"]
        default: return [command, example]
        }
    }
}
