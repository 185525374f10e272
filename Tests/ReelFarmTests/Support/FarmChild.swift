import Foundation
import Synchronization

/// A failure of the farm tests' own machinery (a timeout, a missing binary), with what a person needs.
struct FarmTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A child process of the farm tests (`reel`, `ffmpeg`, `ip`, `pg_ctl`). Its output goes to files, so a
/// chatty child never blocks on a full pipe, and the files stay readable after it exits.
final class FarmChild: @unchecked Sendable {
    let name: String
    let arguments: [String]
    private let process = Process()
    private let stdoutURL: URL
    private let stderrURL: URL

    /// Starts `executable` with `arguments`; `environment` is added to this process's environment.
    init(name: String, executable: String, arguments: [String], environment: [String: String] = [:],
         logs: URL) throws {
        self.name = name
        self.arguments = arguments
        let safe = name.map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let stem = "\(String(safe))-\(UUID().uuidString.prefix(8))"
        stdoutURL = logs.appendingPathComponent("\(stem).out")
        stderrURL = logs.appendingPathComponent("\(stem).err")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }
    var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// The exit status, or 128 + the signal number when a signal ended it.
    var exitStatus: Int32 {
        process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    func send(_ signal: Int32) {
        if process.isRunning { kill(pid, signal) }
    }

    /// Waits up to `timeout` for the child to exit; its exit status, or nil when it still runs.
    /// Sleeps between checks without holding a thread of the test pool.
    func wait(timeout: Duration) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now >= deadline { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
        process.waitUntilExit()
        return exitStatus
    }

    /// Kills the child if it still runs (continuing it first, in case it was stopped), and waits a little
    /// for Foundation to notice; never blocks for long, even if a grandchild keeps a descriptor open.
    func ensureDead() {
        guard process.isRunning else { return }
        kill(pid, SIGCONT)
        kill(pid, SIGKILL)
        let deadline = ContinuousClock.now + .seconds(5)
        while process.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
    }

    /// The last lines of standard error, for failure messages.
    func tail(_ lines: Int = 15) -> String {
        let all = stderr.split(separator: "\n", omittingEmptySubsequences: false)
        return "--- \(name) (\(arguments.joined(separator: " "))):\n" + all.suffix(lines).joined(separator: "\n")
    }
}

/// What a finished command printed.
struct FarmOutput: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum FarmRun {
    /// Runs a command to completion; a child still running after `timeout` is killed and reported.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                    logs: URL, timeout: Duration = .seconds(120)) async throws -> FarmOutput {
        let name = (executable as NSString).lastPathComponent + "-" + (arguments.first ?? "")
        let child = try FarmChild(name: name, executable: executable, arguments: arguments,
                                  environment: environment, logs: logs)
        guard let status = await child.wait(timeout: timeout) else {
            child.ensureDead()
            throw FarmTestError("\(executable) \(arguments.joined(separator: " ")) ran past \(timeout)\n\(child.tail())")
        }
        return FarmOutput(status: status, stdout: child.stdout, stderr: child.stderr)
    }

    /// Runs a command that must succeed; throws with its standard error otherwise.
    @discardableResult
    static func check(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                      logs: URL, timeout: Duration = .seconds(120)) async throws -> FarmOutput {
        let out = try await run(executable, arguments, environment: environment, logs: logs, timeout: timeout)
        guard out.status == 0 else {
            throw FarmTestError("\(executable) \(arguments.joined(separator: " ")) exited \(out.status):\n\(out.stderr)")
        }
        return out
    }

    /// Polls `body` until it returns a value, or throws naming `what` after `timeout`.
    static func waitFor<T>(_ what: String, timeout: Duration, poll: Duration = .milliseconds(50),
                           context: () -> String = { "" }, _ body: () throws -> T?) async throws -> T {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let value = try body() { return value }
            if ContinuousClock.now >= deadline {
                throw FarmTestError("timed out after \(timeout) waiting for \(what)\n\(context())")
            }
            try await Task.sleep(for: poll)
        }
    }

    /// Seconds since `start`, for the notes the tests print.
    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = start.duration(to: .now)
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}

/// "1.23 s", for the notes the tests print.
func farmSeconds(_ seconds: Double) -> String { String(format: "%.2f s", seconds) }
