import Foundation
import ReelFarm
import ReelMedia
import ReelModel
import ReelPlan
import ReelRender
import Testing
@testable import ReelOTIO

/// transition.otio and transition_test.otio render their transitions at the exact frames their
/// offsets give: every frame equals the frame of an equivalent composition in Reel's JSON format.
@Suite(.serialized) struct TransitionFrameTests {
    static let output = JSONValue.object([JSONMember(key: "output", value: .object([
        JSONMember(key: "width", value: .number("64")), JSONMember(key: "height", value: .number("36")),
    ]))])

    static func pictures(_ plan: Plan, dir: URL) throws -> [PlanarFrame] {
        let renderer = SegmentRenderer(plan: plan, store: PartStore(root: dir.appendingPathComponent("store").path))
        return try (0..<plan.totalFrames).map { try renderer.picture(atFrame: $0) }
    }

    static func jsonPlan(_ text: String, dir: URL) throws -> Plan {
        let loaded = try CompositionLoader.load(data: Array(text.utf8), baseDirectory: dir.path, prober: FFmpegProber())
        return try Plan(composition: loaded.composition)
    }

    static func otioPlan(_ root: JSONValue, dir: URL, options: OTIOImportOptions) throws -> Plan {
        let text = Support.withReelMetadata(root, output).serialized()
        let imported = try OTIOImporter.load(data: Array(text.utf8), baseDirectory: dir.path, options: options,
                                             prober: FFmpegProber())
        return try Plan(composition: imported.composition)
    }

    static func isTransition(_ plan: Plan, _ f: Int64) throws -> Bool {
        guard case .transition? = try plan.frameLayers(frame: f).last?.content else { return false }
        return true
    }

    @Test func transitionOTIOMatchesJSON() throws {
        let dir = try Support.makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Stand-ins at /folder (through --media-map); wind-up.mov has the 2 frames of handle the
        // file's available_range lacks.
        for (name, frames, hue) in [("titles", 8, 0), ("wind-up", 12, 90), ("punchline", 10, 180), ("credits", 6, 270)] {
            try Support.makeClip(dir.appendingPathComponent("\(name).mov"), frames: frames, hue: hue)
        }
        let options = OTIOImportOptions(mediaMap: [.init(from: "/folder", to: dir.path)])
        let otio = try Self.otioPlan(try Support.json("transition"), dir: dir, options: options)
        let json = try Self.jsonPlan("""
            {"assets": {"t": "titles.mov", "w": "wind-up.mov", "p": "punchline.mov", "c": "credits.mov"},
             "videos": [{"asset": "t", "sourceRange": {"start": "3/24", "duration": "3/24"}},
                        {"asset": "w", "sourceRange": {"start": "2/24", "duration": "9/24"}},
                        {"asset": "p", "sourceRange": {"start": "0", "duration": "6/24"}},
                        {"asset": "c", "sourceRange": {"start": "0", "duration": "6/24"}}],
             "transitions": [{"type": "cut"}, {"type": "dissolve", "duration": "5/24"}, {"type": "cut"}],
             "output": {"width": 64, "height": 36, "frameRate": 24}}
            """, dir: dir)
        #expect(otio.totalFrames == 19 && json.totalFrames == 19)
        // The dissolve at cut 9 with in_offset 2, out_offset 3 covers frames 7..<12.
        #expect(try (0..<19).filter { try Self.isTransition(otio, $0) } == Array(7..<12))
        let a = try Self.pictures(otio, dir: dir), b = try Self.pictures(json, dir: dir)
        let differing = a.indices.filter { a[$0] != b[$0] }
        #expect(differing.isEmpty, "frames that differ from the JSON render: \(differing)")
        #expect(a[7] != a[6] && a[11] != a[12])
    }

    @Test func transitionTestOTIOMatchesJSON() throws {
        let dir = try Support.makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Each clip's media starts 10 frames before its source range (available_range -10 + 70).
        for (name, hue) in [("A", 0), ("B", 120), ("C", 240)] {
            try Support.makeClip(dir.appendingPathComponent("\(name).mov"), frames: 70, hue: hue)
        }
        try Support.makeBlack(dir.appendingPathComponent("black.mov"), frames: 20)
        let root = Support.replacingMissing(try Support.json("transition_test"), available: (start: -10, duration: 70))
        let otio = try Self.otioPlan(root, dir: dir, options: OTIOImportOptions())
        // The same edit in the JSON format: fades from and to nothing become dissolves with black.
        let json = try Self.jsonPlan("""
            {"assets": {"a": "A.mov", "b": "B.mov", "c": "C.mov", "k": "black.mov"},
             "videos": [{"asset": "k", "sourceRange": {"start": "0", "duration": "20/24"}},
                        {"asset": "a", "sourceRange": {"start": "0", "duration": "70/24"}},
                        {"asset": "b", "sourceRange": {"start": "0", "duration": "60/24"}},
                        {"asset": "c", "sourceRange": {"start": "10/24", "duration": "60/24"}},
                        {"asset": "k", "sourceRange": {"start": "0", "duration": "20/24"}}],
             "transitions": [{"type": "dissolve", "duration": "20/24"}, {"type": "dissolve", "duration": "20/24"},
                             {"type": "cut"}, {"type": "dissolve", "duration": "20/24"}],
             "output": {"width": 64, "height": 36, "frameRate": 24}}
            """, dir: dir)
        #expect(otio.totalFrames == 170 && json.totalFrames == 170)
        let expected = Array(0..<20) + Array(50..<70) + Array(150..<170)
        #expect(try (0..<170).filter { try Self.isTransition(otio, $0) } == expected.map(Int64.init))
        let a = try Self.pictures(otio, dir: dir), b = try Self.pictures(json, dir: dir)
        // Clip to clip: bit-identical. Fades from/to nothing against dissolves with video black:
        // equal up to rounding; a frame shifted by one would be far off (the picture moves).
        let fades = Set(Array(0..<20) + Array(150..<170))
        for f in a.indices {
            if fades.contains(f) {
                #expect(Self.maxDifference(a[f], b[f]) <= 3, "frame \(f)")
            } else {
                #expect(a[f] == b[f], "frame \(f)")
            }
        }
        #expect(Self.maxDifference(a[10], b[11]) > 3)
    }

    static func maxDifference(_ a: PlanarFrame, _ b: PlanarFrame) -> Int {
        var m = 0
        for (p, q) in [(a.y, b.y), (a.u, b.u), (a.v, b.v)] {
            for i in p.indices { m = max(m, abs(Int(p[i]) - Int(q[i]))) }
        }
        return m
    }
}
