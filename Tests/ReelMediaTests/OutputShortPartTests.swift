import Foundation
import Testing
import ReelModel
import ReelTestSupport
@testable import ReelMedia

/// Parts of 1, 2 and 3 frames, as a range export or a last cut leaves them. x265 3.5 learns its dts offset
/// (`m_bframeDelayTime`) only when the third frame arrives, so before that a 1- or 2-frame part got dts from
/// memory x265 never set, and failed at random in the muxer; the reorder delay now comes from the stream's SPS.
@Suite struct OutputShortPartTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String, codec: VideoCodec, bitDepth = 8, preset = "veryfast"
        /// The reorder delay the settings give: 2 for x264's and x265's B-pyramids (3 or more B-frames in every
        /// preset), 0 for SVT-AV1.
        var reorderDelay: Int64
        var description: String { name }

        func settings() -> OutputSettings {
            var s = OutputFixtures.makeSettings(width: 320, height: 180, preset: preset)
            s.video.codec = codec
            s.video.bitDepth = bitDepth
            return s
        }
    }

    static let cases = [
        Case(name: "hevc-main", codec: .hevc, reorderDelay: 2),
        Case(name: "hevc-main10", codec: .hevc, bitDepth: 10, reorderDelay: 2),
        Case(name: "hevc-ultrafast", codec: .hevc, preset: "ultrafast", reorderDelay: 2),
        Case(name: "h264", codec: .h264, reorderDelay: 2),
        Case(name: "av1", codec: .av1, preset: "12", reorderDelay: 0),
    ]

    /// Writes a part of `count` frames and checks it with Reel's reader and with ffprobe: one packet per frame,
    /// pts 0..<count, dts `i - reorderDelay` in both, and every frame decoded without an error.
    private func writeAndCheck(_ c: Case, count: Int, seed: Int, dir: URL) throws -> VideoPartWriter {
        let path = dir.appendingPathComponent("\(c.name)-\(count)-\(seed).mp4").path
        let frames = (0..<count).map { OutputFixtures.makeFrame($0, width: 320, height: 180, seed: seed) }
        let writer = try OutputFixtures.writePart(path, frames: frames, settings: c.settings())
        #expect(writer.reorderDelay == c.reorderDelay, "\(c) \(count) frames")
        let expected = (0..<Int64(count)).map { $0 - c.reorderDelay }
        let reader = try PacketReader(path: path)
        var dts: [Int64] = []
        while let p = try reader.next() {
            dts.append(try reader.frames(ofTicks: #require(p.dts), frameRate: c.settings().frameRate))
        }
        #expect(dts == expected, "\(c) \(count) frames: Reel's reader")
        let probed = try Self.probedTimestamps(path, frameRate: c.settings().frameRate)
        #expect(probed.pts.sorted() == Array(0..<Int64(count)), "\(c) \(count) frames: ffprobe's pts \(probed.pts)")
        #expect(probed.dts == expected, "\(c) \(count) frames: ffprobe's dts")
        #expect(try MediaFixtures.ffprobeCount(path, stream: "v") == count, "\(c) \(count) frames decoded")
        let errors = try TestProcess.check(MediaFixtures.ffmpegPath, ["-v", "error", "-i", path, "-f", "null", "-"])
        #expect(errors.stderr.isEmpty, "\(c) \(count) frames: \(errors.stderr)")
        return writer
    }

    /// ffprobe's packet pts and dts, in frames.
    private static func probedTimestamps(_ path: String, frameRate: FrameRate) throws -> (pts: [Int64], dts: [Int64]) {
        let base = try #require(MediaFixtures.probeCSV(path, stream: "v", entries: "stream=time_base").first?.first)
        let parts = base.split(separator: "/").compactMap { Int64($0) }
        try #require(parts.count == 2, "time base \(base)")
        let rows = try MediaFixtures.probeCSV(path, stream: "v", entries: "packet=pts,dts")
        func frames(_ text: String) throws -> Int64 {
            let ticks = try #require(Int64(text), "timestamp \(text) in \(path)")
            let n = ticks * parts[0] * Int64(frameRate.numerator), d = parts[1] * Int64(frameRate.denominator)
            try #require(n % d == 0, "\(ticks) in \(base) is not a whole frame")
            return n / d
        }
        return (try rows.map { try frames($0[0]) }, try rows.map { try frames($0[1]) })
    }

    @Test("1, 2 and 3 frames: one packet each, pts from 0, the uniform dts, a clean decode",
          arguments: cases, [1, 2, 3])
    func shortParts(_ c: Case, count: Int) throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let writer = try writeAndCheck(c, count: count, seed: 0, dir: dir)
        if count == 3 {
            // From the third frame on x265's own dts is sound: the SPS's delay must be the one it chose.
            #expect(writer.dtsRewrites == 0, "\(c): the encoder's own dts differs from i - \(writer.reorderDelay)")
        }
    }

    @Test("12 sequential 2-frame HEVC parts all write and decode (x265's unset dts offset failed about half)")
    func repeatedTwoFrameHEVCParts() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        var failures: [String] = []
        for k in 0..<12 {
            do { _ = try writeAndCheck(Self.cases[0], count: 2, seed: k, dir: dir) } catch {
                failures.append("part \(k): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 12 parts failed: \(failures.joined(separator: "; "))")
    }
    @Test("lossless HEVC parts of 3, 2, 1 and 3 frames stitch to exactly the source frames (N segments = 1)")
    func shortHEVCPartsStitchBitExact() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        var settings = OutputFixtures.makeSettings(video: .lossless, audio: .pcm, container: .mov)
        settings.video.codec = .hevc
        let parts = try OutputFixtures.makeParts(in: dir, settings: settings, cuts: [0, 3, 5, 6, 9])
        // Every part must open at dts -2, whatever its length, or the joins go back in time or leave gaps.
        let firstDTS = try parts.map { part in
            let reader = try PacketReader(path: part.video)
            let first = try #require(try reader.next())
            return try reader.frames(ofTicks: #require(first.dts), frameRate: settings.frameRate)
        }
        #expect(firstDTS == [-2, -2, -2, -2])
        let out = dir.appendingPathComponent("out.mov").path
        try OutputFixtures.stitch(parts, settings: settings, to: out)
        #expect(try OutputFixtures.decodeErrors(out) == "")
        let frames = (0..<9).map { OutputFixtures.makeFrame($0, width: settings.width, height: settings.height) }
        #expect(try OutputFixtures.decodeRaw(out, audio: false) == OutputFixtures.rawBytes(frames))
    }
}
