import Foundation
import ReelTestSupport
import Synchronization

/// Tiny media files generated with the ffmpeg CLI into a temporary directory, once per test run.
///
/// Nothing is skipped: when `/usr/bin/ffmpeg` is missing or fails, the test that asked for the
/// file fails with ffmpeg's message.
enum MediaFixtures {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let ffmpegPath = "/usr/bin/ffmpeg"
    static let ffprobePath = "/usr/bin/ffprobe"

    /// The directory this test process writes its fixtures into (made by `file` and `scratch`); removed
    /// when the process exits.
    static let directory: String = {
        atexit { try? FileManager.default.removeItem(atPath: MediaFixtures.directory) }
        return NSTemporaryDirectory() + "reel-media-fixtures-\(getpid())"
    }()

    /// Creates `directory` if it is missing; a failure is the caller's test failure.
    static func makeDirectory() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    private static let made = Mutex<[String: String]>([:])

    /// The path of fixture `name`, generating it with `ffmpeg -y <arguments> <path>` on first use.
    static func file(_ name: String, _ arguments: [String]) throws -> String {
        try made.withLock { (made: inout [String: String]) throws -> String in
            if let path = made[name] { return path }
            try makeDirectory()
            let path = directory + "/" + name
            try run(ffmpegPath, ["-v", "error", "-nostdin", "-y"] + arguments + [path])
            made[name] = path
            return path
        }
    }

    /// A scratch path (not generated) inside the fixture directory.
    static func scratch(_ name: String) throws -> String {
        try makeDirectory()
        return directory + "/" + name
    }

    /// Runs a tool and returns its standard output.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw Failure(description: "\(tool) is missing: media tests need the ffmpeg CLI (apt install ffmpeg)")
        }
        return try TestProcess.check(tool, arguments).stdoutData
    }

    /// ffprobe's CSV lines for `entries` of the first stream of `stream` ("v" or "a").
    static func probeCSV(_ path: String, stream: String, entries: String, extra: [String] = []) throws -> [[String]] {
        let data = try run(ffprobePath, ["-v", "error"] + extra + ["-select_streams", "\(stream):0", "-show_entries",
                                                                   entries, "-of", "csv=p=0", path])
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// ffprobe's own count of the packets (`-count_packets`) or decoded frames (`-count_frames`) of the
    /// first `stream` stream ("v" or "a"): the outside count to set beside one of Reel's readers.
    static func ffprobeCount(_ path: String, stream: String, packets: Bool = false) throws -> Int {
        let entry = packets ? "nb_read_packets" : "nb_read_frames"
        let rows = try probeCSV(path, stream: stream, entries: "stream=\(entry)",
                                extra: [packets ? "-count_packets" : "-count_frames"])
        guard let text = rows.first?.first, let count = Int(text) else {
            throw Failure(description: "ffprobe gave no \(entry) for \(path): \(rows)")
        }
        return count
    }
}
