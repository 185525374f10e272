import Foundation

/// A child process of the tests (`reel`, `ffmpeg`, `promtool`, `ip`, `pg_ctl` …): the one place that starts one.
/// Its output goes to files, not pipes, so a chatty child never blocks on a full pipe, and the files stay readable
/// after it exits.
public final class TestChild: @unchecked Sendable {
    /// A short name, for failure messages and the names of the output files.
    public let name: String
    /// The arguments it was started with.
    public let arguments: [String]
    /// Standard output's file.
    public let stdoutURL: URL
    /// Standard error's file (the same as `stdoutURL` when the two streams were joined).
    public let stderrURL: URL
    private let process = Process()

    /// Starts `executable` with `arguments`.
    /// - Parameters:
    ///   - environment: added to this process's environment.
    ///   - directory: the working directory (default: this process's).
    ///   - input: a file for standard input (default: nothing).
    ///   - logs: the folder for the output files (default: the temporary directory).
    ///   - joined: standard error goes into standard output's file.
    /// - Throws: `TestFailure` when the files cannot be made, or Foundation's error when the program cannot start.
    public init(name: String, executable: String, arguments: [String], environment: [String: String] = [:],
                directory: URL? = nil, input: URL? = nil, logs: URL? = nil, joined: Bool = false) throws {
        self.name = name
        self.arguments = arguments
        let folder = logs ?? FileManager.default.temporaryDirectory
        let safe = String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let stem = "\(logs == nil ? "reel-test-" : "")\(safe)-\(UUID().uuidString.prefix(8))"
        stdoutURL = folder.appendingPathComponent("\(stem).out")
        stderrURL = joined ? stdoutURL : folder.appendingPathComponent("\(stem).err")
        for url in Set([stdoutURL, stderrURL]) where !FileManager.default.createFile(atPath: url.path, contents: nil) {
            throw TestFailure("cannot create \(url.path) for the output of \(executable)")
        }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = try input.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        let out = try FileHandle(forWritingTo: stdoutURL)
        process.standardOutput = out
        process.standardError = joined ? out : try FileHandle(forWritingTo: stderrURL)
        Self.ordinaryScheduling()
        try process.run()
    }

    /// Puts the calling thread back on the ordinary time-sharing policy before it starts a child, which inherits
    /// the starting thread's policy. Some of this test process's pool threads run `SCHED_FIFO` at priority 99 (seen
    /// with `ps -L` during the suite, running as root; nothing in Reel asks for it), and a `reel` started from one
    /// ran real-time too: two busy ones starved the two cores and stalled a CI run for six minutes.
    static func ordinaryScheduling() {
        guard sched_getscheduler(0) != SCHED_OTHER else { return }
        var ordinary = sched_param()
        ordinary.sched_priority = 0
        _ = sched_setscheduler(0, SCHED_OTHER, &ordinary)
    }

    /// The child's process id.
    public var pid: Int32 { process.processIdentifier }
    /// Whether it still runs.
    public var isRunning: Bool { process.isRunning }
    /// Standard output so far.
    public var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    /// Standard error so far.
    public var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// The exit status, or 128 + the signal number when a signal ended it. Call after it exited.
    public var exitStatus: Int32 {
        process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// What it left, once it exited.
    public var output: TestOutput {
        TestOutput(status: exitStatus, stdoutData: (try? Data(contentsOf: stdoutURL)) ?? Data(), stderr: stderr,
                   signalled: process.terminationReason == .uncaughtSignal)
    }

    /// Sends `signal` if it still runs.
    public func send(_ signal: Int32) {
        if process.isRunning { kill(pid, signal) }
    }

    /// Blocks until it exits: for synchronous tests of short programs.
    public func waitUntilExit() { process.waitUntilExit() }

    /// Blocks until it exits or `timeout` passes; false (the child still running) on a timeout.
    public func waitUntilExit(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now >= deadline { return false }
            usleep(10_000)
        }
        process.waitUntilExit()
        return true
    }

    /// Waits up to `timeout` for the child to exit; its exit status, or nil when it still runs.
    /// Sleeps between checks without holding a thread of the test pool.
    public func wait(timeout: Duration) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now >= deadline { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
        process.waitUntilExit()
        return exitStatus
    }

    /// SIGTERM, then SIGKILL if it has not exited after `grace`, and reaps it.
    public func stop(grace: Duration = .seconds(5)) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = ContinuousClock.now + grace
        while process.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
        ensureDead()
    }

    /// Kills the child if it still runs (continuing it first, in case it was stopped), and waits a little
    /// for Foundation to notice; never blocks for long, even if a grandchild keeps a descriptor open.
    public func ensureDead() {
        guard process.isRunning else { return }
        kill(pid, SIGCONT)
        kill(pid, SIGKILL)
        let deadline = ContinuousClock.now + .seconds(5)
        while process.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
    }

    /// Removes the output files (for children started without a `logs` folder of their own).
    public func removeOutput() {
        try? FileManager.default.removeItem(at: stdoutURL)
        try? FileManager.default.removeItem(at: stderrURL)
    }

    /// The last lines of standard error, for failure messages.
    public func tail(_ lines: Int = 15) -> String {
        let all = stderr.split(separator: "\n", omittingEmptySubsequences: false)
        return "--- \(name) (\(arguments.joined(separator: " "))):\n" + all.suffix(lines).joined(separator: "\n")
    }
}
