import Foundation
import ReelTestSupport

/// Runs the Prometheus tools for the metrics tests, through the tests' one process helper (TestProcess).
enum MetricsProcess {
    /// A Debian `prometheus` package tool (`promtool`, `prometheus`), or a failure that says how to get it.
    /// Never a skip: the metrics checks must run wherever the tests run.
    static func tool(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for dir in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"] {
            let candidate = dir + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw TestFailure("""
            \(name) not found on PATH or in /usr/bin: install Debian's `prometheus` package \
            (scripts/setup.sh does); the metrics checks need the real tool and are not skipped
            """)
    }

    /// Runs `executable` to completion with `input` on standard input; standard output and error together in `stdout`.
    ///
    /// Each tool here answers in about a second. In two fresh-clone CI runs (7c905dc, stop 30) two promtool processes
    /// (`check config`, `test rules`) instead spun at full CPU for minutes and held the suite up (perf: all in
    /// promtool's own Go runtime; the same commands run alone finish in 1 s, also with every signal blocked). At
    /// stop 30 the test process's own poll did not kill them either: the suite stalled for ten minutes until they
    /// were killed by hand. So the tool runs under coreutils' `timeout`, which the kernel schedules apart from this
    /// process: past `timeout` it is sent SIGTERM, 2 s later SIGKILL (a child of a Dispatch thread inherits a
    /// blocked SIGTERM), and it is tried once more; a second hang fails the test, naming the command.
    static func run(_ executable: String, _ arguments: [String], input: String = "",
                    timeout: Duration = .seconds(60)) throws -> TestOutput {
        let seconds = max(1, timeout.components.seconds)
        for attempt in 1...2 {
            let out = try TestProcess.run("/usr/bin/timeout", ["--kill-after=2", "\(seconds)", executable] + arguments,
                                          input: input, joined: true, timeout: timeout + .seconds(60))
            // 124: timed out and ended by SIGTERM; 137: it ignored that and was killed.
            guard out.status == 124 || out.status == 137 else { return out }
            if attempt == 2 { break }
        }
        throw TestProcess.TimedOut(command: ([executable] + arguments).joined(separator: " "), timeout: timeout)
    }
}
