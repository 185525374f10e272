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
    /// Each tool here answers in about a second. In one fresh-clone CI run two promtool processes (`check config`,
    /// `test rules`) instead spun at full CPU for minutes and held the suite up (perf: all in promtool's own Go
    /// runtime; the same commands run alone finish in 1 s, also with the test process's blocked signals). So a run
    /// past `timeout` is killed and tried once more; a second hang fails the test, naming the command.
    static func run(_ executable: String, _ arguments: [String], input: String = "",
                    timeout: Duration = .seconds(60)) throws -> TestOutput {
        do {
            return try TestProcess.run(executable, arguments, input: input, joined: true, timeout: timeout)
        } catch is TestProcess.TimedOut {
            return try TestProcess.run(executable, arguments, input: input, joined: true, timeout: timeout)
        }
    }
}
