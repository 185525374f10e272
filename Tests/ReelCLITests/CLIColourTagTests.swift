import Foundation
import ReelTestSupport
import Testing

/// A source whose colour tags Reel does not read (a matrix, transfer or primaries none of its conversions know, or
/// Dolby Vision profile 5) is refused by `reel validate` and `reel submit` before anything is rendered or queued,
/// with a message that names the file and the tag; before, it was refused only once a worker decoded it, or not
/// at all on the 8-bit path (which took the untagged rule instead and rendered shifted colours).
@Suite struct CLIColourTagTests {
    /// An 8-bit x264 source tagged with FFmpeg's `option value`.
    static func tagged(_ option: String, _ value: String, in dir: String) throws -> String {
        let path = "\(dir)/\(value).mp4"
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=320x180:r=25", "-frames:v", "5", "-c:v", "libx264",
                                "-preset", "ultrafast", "-pix_fmt", "yuv420p", option, value, path])
        return path
    }

    /// An HEVC source with a Dolby Vision profile 5 configuration record (no base layer a player can show).
    static func profile5(in dir: String) throws -> String {
        let hevc = "\(dir)/hevc.mp4"
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=320x180:r=25", "-frames:v", "5", "-pix_fmt", "yuv420p10le",
                                "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1",
                                hevc])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: hevc)))
        try MP4Boxes.insertDolbyVisionRecord(into: &bytes, profile: 5, level: 6, compatibilityID: 0)
        let path = "\(dir)/dv5.mp4"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func composition(_ file: String, in dir: String) throws -> String {
        try CLIRunner.write("""
            {"assets": {"a": "\(file)"}, "videos": [{"asset": "a", "sourceRange": {"start": "0", "duration": "1/5"}}],
             "output": {"width": 320, "height": 180, "frameRate": "25"}}
            """, to: dir, name: "\(URL(fileURLWithPath: file).lastPathComponent).json")
    }

    @Test(arguments: [("-colorspace", "bt2020c", "colour matrix bt2020c"),
                      ("-color_trc", "smpte428", "colour transfer smpte428"),
                      ("-color_primaries", "film", "colour primaries film"),
                      ("", "dv5", "Dolby Vision profile 5.0")])
    func unreadColourIsRefusedBeforeRendering(_ option: String, _ value: String, _ says: String) throws {
        let dir = try CLIRunner.mediaFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = option.isEmpty ? try Self.profile5(in: dir) : try Self.tagged(option, value, in: dir)
        let comp = try Self.composition(file, in: dir)
        let validate = try CLIRunner.run(["validate", comp])
        #expect(validate.status == 1, "reel validate exited \(validate.status): \(validate.out) \(validate.err)")
        let message = validate.out + validate.err
        #expect(message.contains("videos[0].asset: \(file): \(says)"), "\(message)")
        // submit refuses it before it reaches for the database (which is not there), so nothing is queued.
        let submit = try CLIRunner.run(["submit", comp, "-o", "\(dir)/o.mp4", "--storage", "\(dir)/store",
                                        "--db", "postgresql://reel@127.0.0.1:1/reel"])
        #expect(submit.status != 0 && (submit.out + submit.err).contains("\(file): \(says)"),
                "reel submit exited \(submit.status): \(submit.err)")
        #expect(!(submit.out + submit.err).contains("127.0.0.1"), "submit reached for the database: \(submit.err)")
    }

    /// PAL and NTSC archive files tagged with BT.470's transfers (FFmpeg writes `gamma28` and `gamma22`, and reads
    /// them back as `bt470bg` and `bt470m`) are read with the BT.601 camera curve, as the 8-bit path always showed
    /// them, not refused. Before, `reel validate` said "colour transfer bt470bg is not one Reel reads".
    @Test(arguments: ["gamma28", "gamma22"])
    func archiveTransfersAreRead(_ value: String) throws {
        let dir = try CLIRunner.mediaFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let comp = try Self.composition(try Self.tagged("-color_trc", value, in: dir), in: dir)
        let validate = try CLIRunner.run(["validate", comp])
        #expect(validate.status == 0, "reel validate exited \(validate.status): \(validate.out) \(validate.err)")
    }
}
