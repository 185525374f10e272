import ReelMedia
import ReelModel
import ReelRender
import Testing

/// Markers become chapters on the output's own timeline.
@Suite struct StitcherChapterTests {
    static func t(_ value: Int64, _ timescale: Int32 = 24) -> RationalTime {
        try! RationalTime(value: value, timescale: timescale)
    }

    static func marker(_ name: String, _ value: Int64, _ timescale: Int32 = 24) -> Marker {
        Marker(name: name, time: t(value, timescale))
    }

    @Test func eachChapterRunsToTheNextAndTheLastToTheEnd() throws {
        let chapters = try Stitcher.chapters(from: [Self.marker("B", 48), Self.marker("A", 0), Self.marker("C", 1001, 1000)],
                                             outputStart: .zero, outputDuration: Self.t(96))
        #expect(chapters.map(\.title) == ["A", "C", "B"])
        #expect(chapters.map(\.start) == [.zero, Self.t(1001, 1000), Self.t(48)])
        #expect(chapters.map(\.end) == [Self.t(1001, 1000), Self.t(48), Self.t(96)])
    }

    @Test func aRangeShiftsMarkersAndDropsThoseOutside() throws {
        // Output holds timeline [24, 72): markers at 10 (before), 24, 50, 72 (at the end) and 100.
        let markers = [10, 24, 50, 72, 100].map { Self.marker("m\($0)", Int64($0)) }
        let chapters = try Stitcher.chapters(from: markers, outputStart: Self.t(24), outputDuration: Self.t(48))
        #expect(chapters == [Chapter(title: "m24", start: .zero, end: Self.t(26)),
                             Chapter(title: "m50", start: Self.t(26), end: Self.t(48))])
    }

    @Test func ofMarkersAtOneTimeTheFirstIsKept() throws {
        let markers = [Self.marker("first", 12), Self.marker("second", 1, 2), Self.marker("later", 30)]
        let chapters = try Stitcher.chapters(from: markers, outputStart: .zero, outputDuration: Self.t(48))
        #expect(chapters.map(\.title) == ["first", "later"])
        #expect(chapters.first?.end == Self.t(30))
    }

    @Test func noMarkersNoChapters() throws {
        #expect(try Stitcher.chapters(from: [], outputStart: .zero, outputDuration: Self.t(48)).isEmpty)
    }
}
