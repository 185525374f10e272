import Foundation
import ReelTestSupport
import Testing

/// `reel render --range A..B` publishes exactly the frames that start in `[A, B)` and their samples, not the
/// whole segments around them; a range that holds no frame is refused, naming `--range` and saying why.
@Suite struct CLIRangeTests {
    /// The composition of `CLIValidateTests.valid` (3.5 s at 30 fps, a dissolve over [1.5, 2)), cut into
    /// segments of about a second, so that whole segments would hold more than the range.
    static func render(range: String, in dir: String) throws -> URL {
        let comp = try CLIRunner.write(CLIValidateTests.valid, to: dir)
        let output = "\(dir)/range.mov"
        let result = try CLIRunner.run(["render", comp, "-o", output, "--range", range, "--segment-seconds", "1",
                                        "--workers", "2", "--lossless", "--storage", "\(dir)/store"])
        #expect(result.status == 0, "reel render --range \(range) exited \(result.status): \(result.err)")
        return URL(fileURLWithPath: output)
    }

    @Test("--range 0.5..2.25 at 30 fps holds frames 15..<68 (53) and samples S(15)..<S(68) (84,800)")
    func rangeHoldsExactlyItsFrames() throws {
        let dir = try CLIRunner.mediaFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = try Self.render(range: "0.5..2.25", in: dir)
        let video = try TestProcess.probe(output, stream: "v:0", entries: "nb_read_packets", countPackets: true)
        #expect(video["nb_read_packets"] == "53", "ceil(0.5·30) = 15 to ceil(2.25·30) = 68: \(video)")
        // Lossless: float PCM, stereo, 48 kHz. S(f) = floor(f · 48000 / 30) = 1600 f.
        try TestProcess.ffmpeg(["-i", output.path, "-map", "0:a", "-c:a", "pcm_f32le", "-f", "f32le", "\(dir)/audio.raw"])
        let bytes = try FileManager.default.attributesOfItem(atPath: "\(dir)/audio.raw")[.size] as? Int
        #expect(bytes == (68 - 15) * 1600 * 2 * 4, "samples S(68) − S(15), two float channels")
    }

    @Test("a range with no frame names --range and says why", arguments: [
        ("10..20", "--range 10..20 covers no frame: the timeline runs from 0 to 3.5 s"),
        ("3.5..", "--range 3.5.. covers no frame: the timeline runs from 0 to 3.5 s"),
        ("2..1", "--range 2..1 is reversed: it ends before it starts"),
        ("1..1", "--range 1..1 is empty: it ends where it starts"),
        ("1.01..1.02", "--range 1.01..1.02 covers no frame: no frame starts inside it at 30 fps (frame f starts at f·0.0333 s)"),
        ("1-2", "--range must look like A..B (seconds), got \"1-2\""),
    ])
    func refusedRanges(range: String, message: String) throws {
        let dir = try CLIRunner.mediaFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let comp = try CLIRunner.write(CLIValidateTests.valid, to: dir)
        // submit refuses it before it reaches for the database (which is not there).
        let farm = ["--storage", "\(dir)/store", "--db", "postgresql://reel@127.0.0.1:1/reel"]
        for (command, extra) in [("render", [String]()), ("submit", farm)] {
            let line = try CLIMessageTests.firstError([command, comp, "-o", "\(dir)/o.mp4", "--range", range] + extra,
                                                      status: 2)
            #expect(line == "reel \(command): \(message)", "\(line)")
        }
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/o.mp4"))
    }
}
