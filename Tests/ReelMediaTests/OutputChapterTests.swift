import Foundation
import Testing
import ReelModel
@testable import ReelMedia

@Suite struct OutputChapterTests {
    static func time(_ value: Int64, _ timescale: Int32) -> RationalTime {
        try! RationalTime(value: value, timescale: timescale)
    }

    /// Frame 10 at 29.97 fps, and 9/7 s: a timescale that is not the movie's until chapters widen it.
    static let chapters = [Chapter(title: "Opening", start: .zero, end: time(10010, 30000)),
                           Chapter(title: "Ünïcode & more", start: time(10010, 30000), end: time(9, 7))]

    // The MP4 family, whose chapter track keeps exact times (Matroska rounds chapters to its own ticks).
    @Test(arguments: [Container.mp4, .mov, .m4v])
    func twoChaptersReadBackWithExactTimesAndTitles(container: Container) throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let settings = OutputFixtures.makeSettings(container: container)
        let parts = try OutputFixtures.makeParts(in: dir, settings: settings, cuts: [0, 40])
        let out = dir.appendingPathComponent("out.\(container.rawValue)").path
        try OutputFixtures.stitch(parts, settings: settings, to: out, chapters: Self.chapters)
        #expect(try OutputFixtures.decodeErrors(out) == "")

        let probed = try Self.probeChapters(out)
        try #require(probed.count == 2, "\(probed)")
        for (got, want) in zip(probed, Self.chapters) {
            #expect(got.title == want.title)
            #expect(got.start == want.start, "start \(got.start) != \(want.start)")
            #expect(got.end == want.end, "end \(got.end) != \(want.end)")
        }
        let streams = try OutputFixtures.probeRows(out, stream: "v:0", section: "stream", entries: "nb_frames")
        #expect(streams.first?["nb_frames"] as? String == "40", "video untouched by the chapter track")
    }

    @Test func withoutChaptersNothingIsWritten() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let settings = OutputFixtures.makeSettings()
        let parts = try OutputFixtures.makeParts(in: dir, settings: settings, cuts: [0, 10])
        let out = dir.appendingPathComponent("out.mp4").path
        try OutputFixtures.stitch(parts, settings: settings, to: out, chapters: [])
        #expect(try Self.probeChapters(out).isEmpty)
        let streams = try #require(OutputFixtures.probeJSON(out, ["-show_streams"])["streams"] as? [Any])
        #expect(streams.count == 2, "no chapter track")
    }

    @Test func aLateFirstChapterGetsAnUntitledOneBeforeIt() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let settings = OutputFixtures.makeSettings(container: .mov)
        let parts = try OutputFixtures.makeParts(in: dir, settings: settings, cuts: [0, 20])
        let out = dir.appendingPathComponent("out.mov").path
        let late = [Chapter(title: "Late", start: Self.time(5005, 30000), end: Self.time(20020, 30000))]
        try OutputFixtures.stitch(parts, settings: settings, to: out, chapters: late)
        let probed = try Self.probeChapters(out)
        #expect(probed == [Chapter(title: "", start: .zero, end: Self.time(5005, 30000))] + late)
    }

    @Test func overlappingChaptersAreRefused() throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let muxer = try OutputMuxer(path: dir.appendingPathComponent("out.mp4").path, container: .mp4)
        #expect(throws: MediaError.self) {
            try muxer.addChapters([Chapter(title: "a", start: .zero, end: Self.time(2, 1)),
                                   Chapter(title: "b", start: Self.time(1, 1), end: Self.time(3, 1))])
        }
        #expect(muxer.chapterCount == 0)
    }

    @Test(arguments: [Chapter(title: "empty", start: time(1, 2), end: time(1, 2)),
                      Chapter(title: "reversed", start: time(1, 1), end: time(1, 2)),
                      Chapter(title: "negative", start: time(-1, 2), end: time(1, 2))])
    func badChaptersAreRefusedNamingTheChapter(chapter: Chapter) throws {
        let dir = try OutputFixtures.makeTempDir()
        defer { OutputFixtures.cleanUp(dir) }
        let muxer = try OutputMuxer(path: dir.appendingPathComponent("out.mp4").path, container: .mp4)
        #expect {
            try muxer.addChapters([chapter])
        } throws: { error in
            "\(error)".contains(chapter.title)
        }
        #expect(muxer.chapterCount == 0)
    }

    /// `ffprobe -show_chapters`, with exact times: `start × time_base`.
    static func probeChapters(_ path: String) throws -> [Chapter] {
        let json = try OutputFixtures.probeJSON(path, ["-show_chapters"])
        let rows = try #require(json["chapters"] as? [[String: Any]])
        return try rows.map { row in
            let base = try #require(row["time_base"] as? String).split(separator: "/").compactMap { Int64($0) }
            try #require(base.count == 2 && base[0] == 1, "time base \(row)")
            let scale = try #require(Int32(exactly: base[1]))
            let start = try #require(row["start"] as? Int), end = try #require(row["end"] as? Int)
            let title = try #require((row["tags"] as? [String: Any])?["title"] as? String)
            return Chapter(title: title, start: try RationalTime(value: Int64(start), timescale: scale),
                           end: try RationalTime(value: Int64(end), timescale: scale))
        }
    }
}
