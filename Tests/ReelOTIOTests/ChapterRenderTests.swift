import Foundation
import ReelFarm
import ReelModel
import ReelRecords
import ReelRender
import Testing
@testable import ReelOTIO

/// Markers on an OTIO timeline's top stack and track come out of `reel render` as chapter marks
/// at their exact times, shifted for a `--range` render.
@Suite(.serialized) struct ChapterRenderTests {
    /// Two 24-frame clips at 24 fps; "Intro" on the stack at frame 12, "Second half" on the track at 30.
    static let otio = """
        {"OTIO_SCHEMA": "Timeline.1", "name": "chapters",
         "metadata": {"reel": {"output": {"width": 64, "height": 36}}},
         "tracks": {"OTIO_SCHEMA": "Stack.1", "name": "tracks", "children": [
           {"OTIO_SCHEMA": "Track.1", "name": "V1", "kind": "Video", "children": [
             \(clip("a.mp4")), \(clip("b.mp4"))],
            "markers": [\(marker("Second half", 30))]}],
          "markers": [\(marker("Intro", 12))]}}
        """

    static func time(_ frames: Int) -> String {
        #"{"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": \#(frames)}"#
    }

    static func range(_ start: Int, _ duration: Int) -> String {
        #"{"OTIO_SCHEMA": "TimeRange.1", "start_time": \#(time(start)), "duration": \#(time(duration))}"#
    }

    static func clip(_ file: String) -> String {
        #"""
        {"OTIO_SCHEMA": "Clip.1", "name": "\#(file)", "source_range": \#(range(0, 24)),
         "media_reference": {"OTIO_SCHEMA": "ExternalReference.1", "target_url": "\#(file)",
                             "available_range": \#(range(0, 24))}}
        """#
    }

    static func marker(_ name: String, _ frame: Int) -> String {
        #"{"OTIO_SCHEMA": "Marker.2", "name": "\#(name)", "color": "RED", "marked_range": \#(range(frame, 0))}"#
    }

    /// Renders the timeline (frames `range`, or all) and returns ffprobe's chapters as (title, start, end).
    static func renderChapters(dir: URL, range: String? = nil) throws -> [(String, RationalTime, RationalTime)] {
        var request = try RenderRequest.reading(dir.appendingPathComponent("chapters.otio").path, segmentSeconds: "0.5")
        request.range = range
        let project = try Project(request)
        #expect(project.composition.markers.map(\.name) == ["Intro", "Second half"])
        let output = dir.appendingPathComponent("out-\(project.plan.outputFrames.lowerBound).mp4").path
        _ = try LocalRender(project: project, options: .init(
            workers: 2, store: PartStore(root: dir.appendingPathComponent("store").path), output: output))
            .run(stop: StopSignal(), events: { _ in })
        let json = try Support.run("/usr/bin/ffprobe", ["-v", "error", "-show_chapters", "-of", "json", output])
        let root = try JSONParser.parse(Array(json.utf8))
        return try (root["chapters"]?.arrayValue ?? []).map { c in
            let base = try #require(c["time_base"]?.stringValue?.split(separator: "/").compactMap { Int32($0) })
            try #require(base.count == 2 && base[0] == 1)
            func at(_ key: String) throws -> RationalTime {
                guard case .number(let text)? = c[key], let v = Int64(text) else { throw Support.Failed(description: "\(key) in \(c)") }
                return try RationalTime(value: v, timescale: base[1])
            }
            return (c["tags"]?["title"]?.stringValue ?? "", try at("start"), try at("end"))
        }
    }

    static func frames(_ n: Int64) -> RationalTime { try! RationalTime(value: n, timescale: 24) }

    @Test func markersBecomeChaptersAtTheirTimes() throws {
        let dir = try Support.makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Support.makeClip(dir.appendingPathComponent("a.mp4"), frames: 24, hue: 30)
        try Support.makeClip(dir.appendingPathComponent("b.mp4"), frames: 24, hue: 200)
        try Self.otio.write(to: dir.appendingPathComponent("chapters.otio"), atomically: true, encoding: .utf8)

        let whole = try Self.renderChapters(dir: dir)
        // An untitled chapter fills [0, 12): a chapter track starts at 0.
        #expect(whole.map(\.0) == ["", "Intro", "Second half"])
        #expect(whole.map(\.1) == [.zero, Self.frames(12), Self.frames(30)])
        #expect(whole.map(\.2) == [Self.frames(12), Self.frames(30), Self.frames(48)], "the last runs to the end")

        // Frames [24, 48): "Intro" lies before the output; "Second half" moves to frame 6 of it.
        let range = try Self.renderChapters(dir: dir, range: "1..2")
        #expect(range.map(\.0) == ["", "Second half"])
        #expect(range.map(\.1) == [.zero, Self.frames(6)])
        #expect(range.map(\.2) == [Self.frames(6), Self.frames(24)])
    }
}
