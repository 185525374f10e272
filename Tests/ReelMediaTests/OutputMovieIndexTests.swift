import Foundation
import Testing
import ReelModel
@testable import ReelMedia

/// `MovieIndexWriter`: the stitcher's MP4/MOV/M4V with reserved index room, written with the sample tables on disk,
/// must be the file FFmpeg's movenc writes for the same packets, byte for byte, for every codec it takes over.
@Suite struct OutputMovieIndexTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let container: Container
        let video: VideoCodec
        let audio: AudioCodecSettings.Codec
        var pcmFormat: AudioCodecSettings.SampleFormat = .f32
        var chapters = false
        var cuts = [0, 10, 27, 40]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "mp4 h264 aac chapters", container: .mp4, video: .h264, audio: .aac, chapters: true),
        Case(name: "mov h264 aac", container: .mov, video: .h264, audio: .aac),
        Case(name: "m4v h264 aac chapters", container: .m4v, video: .h264, audio: .aac, chapters: true),
        Case(name: "mp4 hevc opus", container: .mp4, video: .hevc, audio: .opus),
        Case(name: "mp4 h264 ac3", container: .mp4, video: .h264, audio: .ac3),
        Case(name: "mov prores pcm s24 chapters", container: .mov, video: .prores, audio: .pcm, pcmFormat: .s24, chapters: true),
        Case(name: "mov dnxhr pcm s16", container: .mov, video: .dnxhr, audio: .pcm, pcmFormat: .s16),
        Case(name: "mp4 h264 aac, one frame", container: .mp4, video: .h264, audio: .aac, cuts: [0, 1]),
        // A 14 s part: its video runs more than libavformat's 10 s ahead of its audio, and ProRes fills 1 MiB chunks.
        Case(name: "mov prores pcm s24, 14 s part", container: .mov, video: .prores, audio: .pcm, pcmFormat: .s24,
             cuts: [0, 30, 450]),
        Case(name: "mp4 h264 aac, 14 s part", container: .mp4, video: .h264, audio: .aac, chapters: true, cuts: [0, 420, 450]),
    ]

    static func settings(_ c: Case) -> OutputSettings {
        var s = OutputFixtures.makeSettings(width: 320, height: 192, preset: c.video == .hevc ? "ultrafast" : "veryfast",
                                            audio: c.audio, container: c.container)
        s.video.codec = c.video
        s.audio.sampleFormat = c.pcmFormat
        return s
    }

    /// The stitcher's writing, with the index room reserved as `RollingStitcher` reserves it.
    static func stitch(_ parts: [OutputFixtures.PartFilesSpec], _ settings: OutputSettings, to path: String,
                       ownIndex: Bool, chapters: Bool, failCheck: Bool = false) throws -> OutputMuxer {
        let marks = chapters ? [Chapter(title: "Opening", start: .zero, end: try RationalTime(value: 1, timescale: 3)),
                                Chapter(title: "Rest", start: try RationalTime(value: 1, timescale: 3),
                                        end: try RationalTime(value: 4, timescale: 3))] : []
        return try OutputFixtures.stitch(parts, settings: settings, to: path, chapters: marks, reserveIndex: true) {
            $0.ownIndex = ownIndex
            $0.failIndexCheck = failCheck
        }
    }

    @Test(arguments: cases)
    func theFileIsMovencsByteForByte(_ c: Case) throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let settings = Self.settings(c)
        let parts = try OutputFixtures.makeParts(in: dir, settings: settings, cuts: c.cuts)
        let movenc = dir.appendingPathComponent("movenc.\(c.container.rawValue)").path
        let reel = dir.appendingPathComponent("reel.\(c.container.rawValue)").path
        #expect(try Self.stitch(parts, settings, to: movenc, ownIndex: false, chapters: c.chapters).indexWritten == false)
        let own = try Self.stitch(parts, settings, to: reel, ownIndex: true, chapters: c.chapters)
        #expect(own.indexWritten && own.indexFallback == nil, "the own index takes over for \(c): \(own.indexFallback ?? "")")
        let a = try Data(contentsOf: URL(fileURLWithPath: movenc)), b = try Data(contentsOf: URL(fileURLWithPath: reel))
        let firstDifference = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        // A Bool, not `a == b` inside #expect: Swift Testing would diff megabytes of Data element by element.
        let same = a == b
        #expect(same, "\(c): \(a.count) vs \(b.count) bytes, first difference at \(firstDifference.map(String.init) ?? "the end")")
        #expect(try OutputFixtures.decodeErrors(reel) == "")
        let boxes = try OutputFixtures.topLevelBoxes(reel)
        #expect(try #require(boxes.firstIndex(of: "moov")) < #require(boxes.firstIndex(of: "mdat")))
    }

    /// When the template check fails, movenc gets every packet held so far and writes the same file, its index in
    /// memory again; the reason is kept for the caller to report.
    @Test func aFailedCheckHandsTheFileBackToMovenc() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let c = Self.cases[0]
        let settings = Self.settings(c)
        let parts = try OutputFixtures.makeParts(in: dir, settings: settings, cuts: c.cuts)
        let movenc = dir.appendingPathComponent("movenc.mp4").path, back = dir.appendingPathComponent("back.mp4").path
        _ = try Self.stitch(parts, settings, to: movenc, ownIndex: false, chapters: true)
        let muxer = try Self.stitch(parts, settings, to: back, ownIndex: true, chapters: true, failCheck: true)
        #expect(!muxer.indexWritten)
        #expect(muxer.indexFallback?.contains("check failed on request") == true, "\(muxer.indexFallback ?? "no reason")")
        let same = try Data(contentsOf: URL(fileURLWithPath: movenc)) == Data(contentsOf: URL(fileURLWithPath: back))
        #expect(same)
    }

    /// Past 4 GiB the chunk offsets are 64-bit (`co64`), as movenc writes them, and the table still reads back.
    @Test func offsetsBeyondFourGigabytesAreLong() throws {
        let table = try MovieSampleTable(isVideo: true, frameBytes: nil, name: "test")
        let base: Int64 = 5 << 30
        for k in 0..<3000 {
            // Chunks of 2 samples: every third sample leaves a gap.
            let position = base + Int64(k) * 1000 + Int64(k / 2) * 10
            try table.append(position: position, size: 1000, dts: Int64(k), pts: Int64(k), duration: 1, sync: k % 30 == 0,
                             disposable: false, track: "test")
        }
        try table.finish()
        #expect(table.usesLongOffsets)
        let boxes = table.boxes()
        #expect(boxes.map(\.type) == ["stts", "stss", "stsc", "stsz", "co64"])
        final class Memory: MovieBoxSink {
            var bytes: [UInt8] = []
            func write(_ b: [UInt8]) throws(MediaError) { bytes += b }
            func writeRaw(_ raw: UnsafeRawBufferPointer) throws(MediaError) { bytes += Array(raw) }
        }
        let out = Memory()
        let co64 = try #require(boxes.last)
        try table.write(co64.type, size: co64.size, to: out)
        #expect(Int64(out.bytes.count) == co64.size)
        #expect(MovieBox.read32(out.bytes, 12) == 1500, "1500 chunks of 2")
        let offsets = (0..<1500).map { Int64(MovieBox.read64(out.bytes, 16 + 8 * $0)) }
        #expect(offsets == (0..<1500).map { base + Int64($0) * 2000 + Int64($0) * 10 })
        let stsz = boxes[3]
        #expect(stsz.size == 20, "equal sizes are one field")
    }
}
