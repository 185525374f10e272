import Foundation
import Testing
import ReelTestSupport

/// `reel probe` says what colour it read and what it assumes where the file is silent, in text and in `--json`.
@Suite struct CLIProbeColorTests {
    @Test func untaggedSourcesSayWhatIsAssumed() throws {
        let dir = try CLIRunner.mediaFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=1280x720:r=25", "-frames:v", "2", "-c:v", "libx264",
                                "-preset", "ultrafast", "-pix_fmt", "yuv420p", "\(dir)/hd.mp4"])
        let hd = try CLIRunner.run(["probe", "\(dir)/hd.mp4"])
        #expect(hd.status == 0 && hd.out.contains("  colour     untagged: assuming BT.709 (8-bit yuv420p)"), "\(hd.out)")
        let small = try CLIRunner.run(["probe", "\(dir)/a.mp4"])
        #expect(small.out.contains("  colour     untagged: assuming BT.601 525-line (8-bit yuv420p)"), "\(small.out)")
        let json = try CLIRunner.run(["probe", "\(dir)/hd.mp4", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        let colour = try #require((object?["video"] as? [String: Any])?["colour"] as? [String: Any], "\(json.out)")
        #expect(colour["assumed"] as? Bool == true && colour["bit_depth"] as? Int == 8)
        #expect((colour["read_as"] as? [String: Any])?["label"] as? String == "BT.709")
    }

    @Test func hdrSourcesSayWhatTheyCarry() throws {
        let dir = try CLIRunner.mediaFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try TestProcess.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=320x180:r=25", "-frames:v", "2", "-pix_fmt", "yuv420p10le",
                                "-c:v", "libx265", "-preset", "ultrafast", "-x265-params",
                                "log-level=error:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:hdr10=1:"
                                + "master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1):max-cll=1000,400",
                                "-tag:v", "hvc1", "\(dir)/pq.mp4"])
        let pq = try CLIRunner.run(["probe", "\(dir)/pq.mp4"])
        #expect(pq.out.contains("read as BT.2100 PQ (10-bit yuv420p10le)"), "\(pq.out)")
        #expect(pq.out.contains("  hdr        mastering display P3-D65, 0.0001–1000 cd/m², maxCLL 1000 cd/m², maxFALL 400 cd/m²"),
                "\(pq.out)")
    }
}
