import Foundation
import ReelTestSupport
import Testing

/// Runs the built `reel` binary and makes the CLI tests' media.
enum CLIRunner {
    /// Runs `reel args…` in `cwd` and returns (status, stdout, stderr).
    static func run(_ args: [String], cwd: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let result = try TestProcess.run(try TestBinary.reel(), args, directory: cwd.map { URL(fileURLWithPath: $0) })
        return (result.status, result.stdout, result.stderr)
    }

    /// A scratch folder with two tiny clips made by the ffmpeg CLI: a.mp4 (3 s, video + audio) and tone.wav (audio only).
    static func mediaFolder() throws -> String {
        let dir = NSTemporaryDirectory() + "reel-cli-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=160x90:r=30:d=3", "-f", "lavfi", "-i", "sine=frequency=440:d=3",
                                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
                                "\(dir)/a.mp4"])
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=330:d=2", "-ac", "2", "\(dir)/tone.wav"])
        return dir
    }

    static func write(_ json: String, to dir: String, name: String = "comp.json") throws -> String {
        let path = "\(dir)/\(name)"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}


/// `reel validate` and `reel plan` against real media: exit codes 0 / 1 / 2 and messages naming the place.
@Suite struct CLIValidateTests {
    static let valid = """
        { "assets": { "a": "a.mp4", "t": "tone.wav" },
          "videos": [ { "asset": "a", "sourceRange": { "start": "0", "duration": "2" } },
                      { "asset": "a", "sourceRange": { "start": "1", "duration": "2" } } ],
          "transitions": [ { "type": "dissolve", "duration": "1/2" } ],
          "voiceOvers": [ { "asset": "t", "sourceRange": { "start": "0", "duration": "1" }, "at": "1" } ],
          "output": { "width": 160, "height": 90, "frameRate": "30" } }
        """

    @Test func validCompositionExitsZeroAndSummarises() throws {
        let dir = try CLIRunner.mediaFolder()
        let path = try CLIRunner.write(Self.valid, to: dir)
        let result = try CLIRunner.run(["validate", path])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("valid"))
        #expect(result.out.contains("105 frames"), "2 + 2 − 0.5 s at 30 fps: \(result.out)")
    }

    @Test func everyProblemIsReportedWithItsPathAndExitOne() throws {
        let dir = try CLIRunner.mediaFolder()
        let bad = """
            { "assets": { "a": "a.mp4", "t": "tone.wav", "gone": "missing.mp4" },
              "videos": [ { "asset": "a", "sourceRange": { "start": "0", "duration": "3.5" } },
                          { "asset": "t", "sourceRange": { "start": "0", "duration": "1" } },
                          { "asset": "gone", "sourceRange": { "start": "0", "duration": "1" } } ],
              "transitions": [ { "type": "spin", "duration": "1" }, null ],
              "output": { "width": 160, "height": 90, "frameRate": "30", "contaner": "mp4" } }
            """
        let path = try CLIRunner.write(bad, to: dir)
        let result = try CLIRunner.run(["validate", path])
        #expect(result.status == 1)
        #expect(result.out.contains("videos[0].sourceRange: ends at 3.5 s but asset \"a\" lasts 3.0"), "\(result.out)")
        #expect(result.out.contains("transitions[0]"), "unknown transition: \(result.out)")
        #expect(result.out.contains("dissolve"), "lists the valid transitions: \(result.out)")
        #expect(result.out.contains("output.contaner") && result.out.contains("container"), "did-you-mean: \(result.out)")
        #expect(result.out.contains("assets.gone: cannot open \"\(dir)/missing.mp4\": no such file"),
                "names the asset and the missing file once: \(result.out)")
        #expect(result.out.contains("videos[1]") && result.out.contains("no video"), "audio-only as video: \(result.out)")
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try CLIRunner.run(["validate"]).status == 2)
        #expect(try CLIRunner.run(["validate", "a.json", "--jsn"]).err.contains("did you mean --json"))
        #expect(try CLIRunner.run(["rendr"]).status == 2)
        #expect(try CLIRunner.run(["render", "x.json"]).status == 2, "render needs -o")
    }

    @Test func aMissingCompositionFileIsAnErrorNamingIt() throws {
        let result = try CLIRunner.run(["validate", "/nonexistent/comp.json"])
        #expect(result.status == 1)
        #expect(result.err.contains("/nonexistent/comp.json"))
    }

    @Test func planPrintsSegmentsThatTileTheTimeline() throws {
        let dir = try CLIRunner.mediaFolder()
        let path = try CLIRunner.write(Self.valid, to: dir)
        let result = try CLIRunner.run(["plan", path, "--segment-seconds", "1", "--json"])
        #expect(result.status == 0, "\(result.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let segments = try #require(json["segments"] as? [[String: Any]])
        #expect(segments.count > 1)
        let text = try CLIRunner.run(["plan", path])
        #expect(text.out.contains("dissolve"), "the instruction table shows the transition: \(text.out)")
    }
}
