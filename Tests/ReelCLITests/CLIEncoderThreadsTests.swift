import Foundation
import ReelTestSupport
import Testing

/// The encoder's thread count is the job's: `output.video.threads`, else `--encoder-threads`, else 4 on every host
/// (so `reel render` writes the bytes a farm does). x264 writes the count it ran with into its SEI text
/// ("… threads=N lookahead_threads=…"), so the output file itself says which count every part used.
@Suite struct CLIEncoderThreadsTests {
    /// 320x240 so that x264 may run four frame threads (it allows about one per two macroblock rows).
    static func composition(video: String = "") -> String {
        CLIValidateTests.valid.replacingOccurrences(
            of: #""output": { "width": 160, "height": 90, "frameRate": "30" }"#,
            with: #""output": { "width": 320, "height": 240, "frameRate": "30"\#(video) }"#)
    }

    /// Every `threads=N` x264 recorded in the file (one SEI per part).
    static func x264Threads(in path: String) throws -> [Int] {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        return text.components(separatedBy: " threads=").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
    }

    func render(_ json: String, _ options: [String]) throws -> [Int] {
        let dir = try CLIRunner.mediaFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let comp = try CLIRunner.write(json, to: dir)
        let result = try CLIRunner.run(["render", comp, "-o", "\(dir)/out.mp4", "--segment-seconds", "1",
                                        "--storage", "\(dir)/store"] + options)
        #expect(result.status == 0, "\(result.err)")
        return try Self.x264Threads(in: "\(dir)/out.mp4")
    }

    @Test("--encoder-threads reaches every part's encoder")
    func flagSetsEveryPart() throws {
        let counts = try render(Self.composition(), ["--encoder-threads", "1", "--workers", "1"])
        #expect(counts.count >= 2, "one x264 SEI per part, found \(counts)")
        #expect(counts.allSatisfy { $0 == 1 }, "\(counts)")
    }

    @Test("output.video.threads wins over --encoder-threads")
    func compositionWins() throws {
        let json = Self.composition(video: #", "video": { "codec": "h264", "crf": 23, "preset": "veryfast", "threads": 3 }"#)
        let counts = try render(json, ["--encoder-threads", "1", "--workers", "1"])
        #expect(!counts.isEmpty && counts.allSatisfy { $0 == 3 }, "\(counts)")
    }

    @Test("without either, every part is encoded with 4 threads, whatever the host's cores and workers")
    func defaultIsFour() throws {
        let counts = try render(Self.composition(), ["--workers", "2"])
        #expect(!counts.isEmpty && counts.allSatisfy { $0 == 4 }, "\(counts)")
    }

    @Test("--encoder-threads out of range is refused by name")
    func outOfRange() throws {
        let dir = try CLIRunner.mediaFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let comp = try CLIRunner.write(Self.composition(), to: dir)
        let result = try CLIRunner.run(["render", comp, "-o", "\(dir)/out.mp4", "--encoder-threads", "17"])
        #expect(result.status != 0)
        #expect(result.err.contains("--encoder-threads"), "\(result.err)")
    }
}
