import Foundation

/// Runs the Prometheus tools for the metrics tests. Output goes to files, not pipes, so a chatty program
/// can never fill a pipe and block.
enum MetricsProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What a finished program left.
    struct Result {
        var status: Int32
        /// Standard output and standard error, together.
        var output: String
    }

    /// A Debian `prometheus` package tool (`promtool`, `prometheus`), or a failure that says how to get it.
    /// Never a skip: the metrics checks must run wherever the tests run.
    static func tool(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for dir in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"] {
            let candidate = dir + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure(description: """
            \(name) not found on PATH or in /usr/bin: install Debian's `prometheus` package \
            (scripts/setup.sh does); the metrics checks need the real tool and are not skipped
            """)
    }

    /// Runs `executable` to completion with `input` on standard input.
    static func run(_ executable: String, _ arguments: [String], input: String = "") throws -> Result {
        let dir = try temporaryDirectory("reel-metrics-run")
        defer { try? FileManager.default.removeItem(at: dir) }
        let inURL = dir.appendingPathComponent("stdin"), outURL = dir.appendingPathComponent("out")
        try Data(input.utf8).write(to: inURL)
        let running = try start(executable, arguments, stdin: inURL, output: outURL)
        running.waitUntilExit()
        let output = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        return Result(status: running.terminationStatus, output: output)
    }

    /// Starts `executable`, its standard output and error going to `output`.
    static func start(_ executable: String, _ arguments: [String], stdin: URL? = nil, output: URL,
                      directory: URL? = nil) throws -> Process {
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw Failure(description: "cannot create \(output.path)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = try stdin.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    /// A new, empty folder under the temporary directory.
    static func temporaryDirectory(_ prefix: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Stops `process` (SIGTERM, then SIGKILL if it has not exited after a grace period) and reaps it.
    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<100 where process.isRunning { usleep(50_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
