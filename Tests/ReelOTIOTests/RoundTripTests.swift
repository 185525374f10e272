import Foundation
import ReelFarm
import ReelMedia
import ReelModel
import ReelRecords
import ReelRender
import Testing
@testable import ReelOTIO

/// A JSON composition exported as OTIO and imported again is the same composition and renders
/// bit-identically with --lossless.
@Suite(.serialized) struct RoundTripTests {
    static let composition = """
        {"assets": {"a": "a.mp4", "b": "b.mp4", "tone": "tone.mp4"},
         "videos": [{"asset": "a", "sourceRange": {"start": "0.5", "duration": "1.25"}, "volume": "0.8", "name": "first"},
                    {"asset": "b", "sourceRange": {"start": "0", "duration": "1"}, "speed": 2},
                    {"asset": "a", "sourceRange": {"start": "0", "duration": "0.5"}, "audio": false}],
         "transitions": [{"type": "push", "duration": "0.25"}, {"type": "dissolve", "duration": "1/6"}],
         "voiceOvers": [{"asset": "tone", "sourceRange": {"start": "0", "duration": "1"}, "at": "0.5",
                         "volumeAutomation": [{"from": "1", "to": "0.25", "timeRange": {"start": "0.5", "duration": "0.5"}}]}],
         "music": {"asset": "tone", "sourceRange": {"start": "1", "duration": "0.5"}, "loop": true, "volume": "0.5"},
         "titles": [{"text": "Hello", "size": 12, "timeRange": {"start": "0.25", "duration": "1"}}],
         "output": {"width": 64, "height": 36, "frameRate": 24}}
        """

    static func makeMedia(_ dir: URL) throws {
        try Support.makeClip(dir.appendingPathComponent("a.mp4"), frames: 72, hue: 30)
        try Support.makeClip(dir.appendingPathComponent("b.mp4"), frames: 72, hue: 200)
        try Support.makeClip(dir.appendingPathComponent("tone.mp4"), frames: 48, hue: 300)
    }

    /// The composition with every `origin` cleared (they name places in different files).
    static func withoutOrigins(_ c: Composition) -> Composition {
        var c = c
        func clean(_ t: Track) -> Track {
            var t = t
            t.items = t.items.map { item in
                switch item {
                case .clip(var clip): clip.origin = ""; return .clip(clip)
                case .transition(var tr): tr.origin = ""; return .transition(tr)
                case .gap: return item
                }
            }
            return t
        }
        c.videoTracks = c.videoTracks.map(clean)
        c.audioTracks = c.audioTracks.map(clean)
        c.audioItems = c.audioItems.map { var a = $0; a.origin = ""; return a }
        c.titles = c.titles.map { var t = $0; t.origin = ""; return t }
        return c
    }

    static func render(_ request: RenderRequest, dir: URL, name: String) throws -> Data {
        var request = request
        request.lossless = true
        let project = try Project(request)
        let output = dir.appendingPathComponent("\(name).mov").path
        let render = LocalRender(project: project, options: .init(
            workers: 2, store: PartStore(root: dir.appendingPathComponent("store-\(name)").path), output: output))
        _ = try render.run(stop: StopSignal(), events: { _ in })
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    @Test func exportImportRendersBitIdentically() throws {
        let dir = try Support.makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.makeMedia(dir)
        let jsonPath = dir.appendingPathComponent("comp.json").path
        try Self.composition.write(toFile: jsonPath, atomically: true, encoding: .utf8)
        let jsonRequest = try RenderRequest.reading(jsonPath)
        let original = try Project(jsonRequest)

        let exported = try OTIOExporter.export(original.composition, facts: original.facts, name: "comp")
        let otioPath = dir.appendingPathComponent("x.otio").path
        try Data(exported).write(to: URL(fileURLWithPath: otioPath))
        let otioRequest = try RenderRequest.reading(otioPath)
        #expect(otioRequest.isOTIO)
        let imported = try Project(otioRequest)
        #expect(Self.withoutOrigins(imported.composition) == Self.withoutOrigins(original.composition))
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")

        let a = try Self.render(jsonRequest, dir: dir, name: "json")
        let b = try Self.render(otioRequest, dir: dir, name: "otio")
        #expect(a.count > 1000)
        #expect(a == b, "the renders differ: \(a.count) and \(b.count) bytes")
    }

    /// Needs OpenTimelineIO's `otiotool` on PATH: scripts/setup.sh installs it into .build/pyenv and
    /// scripts/test.sh puts that on PATH. Missing, the test fails.
    @Test func otiotoolAcceptsTheExport() throws {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        let tool = try #require(paths.map { "\($0)/otiotool" }.first { FileManager.default.isExecutableFile(atPath: $0) },
                                "otiotool is not on PATH: run scripts/setup.sh (opentimelineio into .build/pyenv)")
        let dir = try Support.makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.makeMedia(dir)
        let jsonPath = dir.appendingPathComponent("comp.json").path
        try Self.composition.write(toFile: jsonPath, atomically: true, encoding: .utf8)
        let project = try Project(RenderRequest.reading(jsonPath))
        let otioPath = dir.appendingPathComponent("x.otio").path
        try Data(try OTIOExporter.export(project.composition, facts: project.facts)).write(to: URL(fileURLWithPath: otioPath))
        let report = try Support.run(tool, ["-i", otioPath, "--verify-ranges", "--stats"])
        #expect(report.contains("IN BOUNDS"), "\(report)")
        #expect(!report.contains("OUT OF BOUNDS"), "\(report)")
    }
}
