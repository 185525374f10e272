import Foundation
import ReelTestSupport
import Testing

/// A render's stderr holds Reel's own messages, not the encoder libraries' start-up chatter: SVT-AV1 printed a
/// dozen `Svt[info]` lines for every part it opened.
@Suite struct CLIEncoderLogTests {
    @Test("an AV1 render prints no SVT-AV1 banner")
    func av1RenderIsQuiet() throws {
        let dir = try CLIRunner.mediaFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = CLIValidateTests.valid.replacingOccurrences(
            of: #""output": { "width": 160, "height": 90, "frameRate": "30" }"#,
            with: #""output": { "width": 160, "height": 90, "frameRate": "30", "container": "mkv", "video": { "codec": "av1", "crf": 40, "preset": 12 } }"#)
        let comp = try CLIRunner.write(json, to: dir)
        let result = try CLIRunner.run(["render", comp, "-o", "\(dir)/out.mkv", "--segment-seconds", "1",
                                        "--storage", "\(dir)/store"])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.err.contains("Svt[info]"), "\(result.err.prefix(600))")
        #expect(FileManager.default.fileExists(atPath: "\(dir)/out.mkv"))
    }
}
