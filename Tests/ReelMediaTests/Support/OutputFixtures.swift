import Foundation
import ReelMedia
import ReelModel
import ReelTestSupport

/// Fixtures for the output tests: synthetic frames and audio, temp dirs, and the ffmpeg/ffprobe CLI.
enum OutputFixtures {
    struct ToolResult {
        let status: Int32
        let stdout: Data
        let stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    struct ToolFailed: Error, CustomStringConvertible {
        let command: String
        let result: ToolResult
        var description: String { "\(command) exited \(result.status): \(result.stderr)" }
    }

    /// A fresh temporary directory; remove it with `cleanUp`.
    static func makeTempDir() throws -> URL { try TempDir("output").url }

    static func cleanUp(_ url: URL) { try? FileManager.default.removeItem(at: url) }

    /// Runs `/usr/bin/<tool>` and collects its output.
    static func run(_ tool: String, _ arguments: [String]) throws -> ToolResult {
        let out = try TestProcess.run("/usr/bin/\(tool)", arguments)
        return ToolResult(status: out.status, stdout: out.stdoutData, stderr: out.stderr)
    }

    /// Runs a tool and throws unless it exits 0.
    @discardableResult
    static func runChecked(_ tool: String, _ arguments: [String]) throws -> ToolResult {
        let r = try run(tool, arguments)
        guard r.status == 0 else { throw ToolFailed(command: "\(tool) \(arguments.joined(separator: " "))", result: r) }
        return r
    }

    /// `ffprobe -of json` output, parsed.
    static func probeJSON(_ path: String, _ arguments: [String]) throws -> [String: Any] {
        let r = try runChecked("ffprobe", ["-v", "error", "-of", "json"] + arguments + [path])
        return (try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any]) ?? [:]
    }

    /// Rows of `ffprobe -show_entries <entries> -select_streams <stream>` for packets or frames.
    static func probeRows(_ path: String, stream: String, section: String, entries: String) throws -> [[String: Any]] {
        let json = try probeJSON(path, ["-select_streams", stream, "-show_entries", "\(section)=\(entries)",
                                        section == "packet" ? "-show_packets" : "-show_frames"])
        return (json[section + "s"] as? [[String: Any]]) ?? []
    }

    /// The decoded raw bytes of a file's first video (yuv420p) or audio (f32le interleaved) stream.
    static func decodeRaw(_ path: String, audio: Bool) throws -> Data {
        let format = audio ? ["-map", "0:a:0", "-f", "f32le", "-c:a", "pcm_f32le"]
                           : ["-map", "0:v:0", "-f", "rawvideo", "-pix_fmt", "yuv420p"]
        return try runChecked("ffmpeg", ["-v", "error", "-i", path] + format + ["-"]).stdout
    }

    /// What `ffmpeg -v error -i path -f null -` complains about (empty for a clean file).
    static func decodeErrors(_ path: String) throws -> String {
        let r = try run("ffmpeg", ["-v", "error", "-i", path, "-f", "null", "-"])
        return r.status == 0 ? r.stderr : "exit \(r.status): \(r.stderr)"
    }
}
