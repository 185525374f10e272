import Foundation

/// Running programs to completion, the way every test target does it: through `TestChild`, so output goes to files.
public enum TestProcess {
    /// Runs `executable` with `arguments` to completion, blocking: for short programs in synchronous tests.
    /// - Parameters:
    ///   - environment: added to this process's environment.
    ///   - directory: the working directory.
    ///   - input: text for standard input.
    ///   - joined: standard error goes into standard output.
    ///   - timeout: a child still running after it is killed and reported (nil: wait as long as it takes).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                           directory: URL? = nil, input: String? = nil, joined: Bool = false,
                           timeout: Duration? = nil) throws -> TestOutput {
        let inputURL = try input.map { text in
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("reel-test-in-\(UUID().uuidString)")
            try Data(text.utf8).write(to: url)
            return url
        }
        defer { inputURL.map { try? FileManager.default.removeItem(at: $0) } }
        let child = try TestChild(name: (executable as NSString).lastPathComponent, executable: executable,
                                  arguments: arguments, environment: environment, directory: directory,
                                  input: inputURL, joined: joined)
        defer { child.removeOutput() }
        if let timeout {
            guard child.waitUntilExit(timeout: timeout) else {
                child.ensureDead()
                throw TimedOut(command: ([executable] + arguments).joined(separator: " "), timeout: timeout)
            }
        } else {
            child.waitUntilExit()
        }
        return child.output
    }

    /// A child that ran past its `timeout` (and was killed).
    public struct TimedOut: Error, CustomStringConvertible {
        public let command: String
        public let timeout: Duration

        public init(command: String, timeout: Duration) {
            self.command = command
            self.timeout = timeout
        }
        public var description: String { "\(command) ran past \(timeout) and was killed" }
    }

    /// Runs a program that must exit 0, blocking; throws with its standard error otherwise.
    @discardableResult
    public static func check(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                             directory: URL? = nil) throws -> TestOutput {
        let out = try run(executable, arguments, environment: environment, directory: directory)
        guard out.status == 0 else { throw failure(executable, arguments, out) }
        return out
    }

    /// Runs a program to completion without holding a thread of the test pool; its output files stay in `logs`.
    /// A child still running after `timeout` is killed and reported.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                           logs: URL, timeout: Duration = .seconds(120)) async throws -> TestOutput {
        let name = (executable as NSString).lastPathComponent + "-" + (arguments.first ?? "")
        let child = try TestChild(name: name, executable: executable, arguments: arguments,
                                  environment: environment, logs: logs)
        guard await child.wait(timeout: timeout) != nil else {
            child.ensureDead()
            throw TestFailure("\(executable) \(arguments.joined(separator: " ")) ran past \(timeout)\n\(child.tail())")
        }
        return child.output
    }

    /// `run(_:_:environment:logs:timeout:)` for a program that must exit 0; throws with its standard error otherwise.
    @discardableResult
    public static func check(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                             logs: URL, timeout: Duration = .seconds(120)) async throws -> TestOutput {
        let out = try await run(executable, arguments, environment: environment, logs: logs, timeout: timeout)
        guard out.status == 0 else { throw failure(executable, arguments, out) }
        return out
    }

    /// `waitFor` on the calling thread, never suspending: for a window that lasts only a moment (a segment that
    /// renders for a second). After a `Task.sleep` the poll resumes only when the cooperative pool has a thread
    /// free, and under the full suite on two cores that took longer than the window, so the poll missed it.
    public static func waitForBlocking<T>(_ what: String, timeout: Duration, poll: Duration = .milliseconds(10),
                                          context: () -> String = { "" }, _ body: () throws -> T?) throws -> T {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let value = try body() { return value }
            if ContinuousClock.now >= deadline {
                throw TestFailure("timed out after \(timeout) waiting for \(what)\n\(context())")
            }
            Thread.sleep(forTimeInterval: Double(poll.components.attoseconds) / 1e18 + Double(poll.components.seconds))
        }
    }

    /// Polls `body` until it returns a value, or throws naming `what` after `timeout`.
    /// - Parameter context: more for the failure message (the logs of the processes involved).
    public static func waitFor<T>(_ what: String, timeout: Duration, poll: Duration = .milliseconds(50),
                                  context: () -> String = { "" }, _ body: () throws -> T?) async throws -> T {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let value = try body() { return value }
            if ContinuousClock.now >= deadline {
                throw TestFailure("timed out after \(timeout) waiting for \(what)\n\(context())")
            }
            try await Task.sleep(for: poll)
        }
    }

    /// The ffmpeg CLI, quiet, overwriting its output; throws with its messages on a non-zero exit.
    /// Returns standard output (raw frames when the output is `-`).
    @discardableResult
    public static func ffmpeg(_ arguments: [String]) throws -> TestOutput {
        try check("/usr/bin/ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + arguments)
    }

    /// ffprobe's `key=value` entries for one stream.
    /// - Parameters:
    ///   - stream: ffprobe's stream specifier ("v:0", "a:0").
    ///   - entries: the stream entries, comma-separated ("width,height").
    ///   - countFrames: decode the stream to count its frames (`nb_read_frames`).
    ///   - countPackets: read the stream to count its packets (`nb_read_packets`).
    public static func probe(_ file: URL, stream: String, entries: String, countFrames: Bool = false,
                             countPackets: Bool = false) throws -> [String: String] {
        let counts = (countFrames ? ["-count_frames"] : []) + (countPackets ? ["-count_packets"] : [])
        let out = try check("/usr/bin/ffprobe", ["-v", "error"] + counts + ["-select_streams", stream, "-show_entries",
                                                                              "stream=\(entries)", "-of", "default=nw=1",
                                                                              file.path])
        var found: [String: String] = [:]
        for line in out.stdout.split(separator: "\n") {
            let pair = line.split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2, found[pair[0]] == nil { found[pair[0]] = pair[1] }
        }
        return found
    }

    static func failure(_ executable: String, _ arguments: [String], _ out: TestOutput) -> TestFailure {
        TestFailure("\(executable) \(arguments.joined(separator: " ")) exited \(out.status):\n\(out.stderr)")
    }
}
