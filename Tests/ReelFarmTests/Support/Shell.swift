import Foundation

/// Runs external programs for the end-to-end tests: the ffmpeg CLI tools and the built `reel` binary.
/// Output goes to files, not pipes, so a chatty program can never fill a pipe and block.
enum Shell {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What a finished program left.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Killed by a signal (`status` is then the signal's number).
        var signalled = false
    }

    /// Runs `executable` with `arguments` to completion.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let process = try start(executable, arguments, environment: environment)
        process.process.waitUntilExit()
        return process.result()
    }

    /// A started program whose output is collected in temporary files.
    final class Running {
        let process: Process
        let stdoutURL: URL
        let stderrURL: URL

        init(process: Process, stdoutURL: URL, stderrURL: URL) {
            self.process = process
            self.stdoutURL = stdoutURL
            self.stderrURL = stderrURL
        }

        /// Standard output so far.
        var stdoutSoFar: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }

        /// Call after the process exited.
        func result() -> Result {
            defer {
                try? FileManager.default.removeItem(at: stdoutURL)
                try? FileManager.default.removeItem(at: stderrURL)
            }
            return Result(status: process.terminationStatus, stdout: stdoutSoFar,
                          stderr: (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "",
                          signalled: process.terminationReason == .uncaughtSignal)
        }
    }

    static func start(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Running {
        let tmp = FileManager.default.temporaryDirectory
        let out = tmp.appendingPathComponent("reel-e2e-out-\(UUID().uuidString)")
        let err = tmp.appendingPathComponent("reel-e2e-err-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: out.path, contents: nil),
              FileManager.default.createFile(atPath: err.path, contents: nil) else {
            throw Failure(description: "cannot create output files in \(tmp.path)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        return Running(process: process, stdoutURL: out, stderrURL: err)
    }

    /// The ffmpeg CLI, quiet; throws with its messages on a non-zero exit.
    static func ffmpeg(_ arguments: [String]) throws {
        let result = try run("/usr/bin/ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + arguments)
        guard result.status == 0 else {
            throw Failure(description: "ffmpeg \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
    }

    /// ffprobe's answer for one stream's entries, as `key=value` pairs.
    static func probe(_ file: URL, stream: String, entries: String, countFrames: Bool = false) throws -> [String: String] {
        var args = ["-v", "error", "-select_streams", stream, "-show_entries", "stream=\(entries)",
                    "-of", "default=noprint_wrappers=1"]
        if countFrames { args.insert("-count_frames", at: 0) }
        let result = try run("/usr/bin/ffprobe", args + [file.path])
        guard result.status == 0 else { throw Failure(description: "ffprobe \(file.path): \(result.stderr)") }
        var out: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let pair = line.split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { out[pair[0]] = pair[1] }
        }
        return out
    }

    /// The built `reel` executable: beside the test bundle in the products directory.
    static var reel: String {
        get throws {
            let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
            var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
            // On Linux the test bundle is an executable in the products directory; elsewhere it may be nested.
            for _ in 0..<4 {
                let candidate = dir.appendingPathComponent("reel")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
                dir = dir.deletingLastPathComponent()
            }
            throw Failure(description: "the reel binary is not beside \(exe); run `swift build --build-tests` first")
        }
    }
}
