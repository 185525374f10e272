import Testing
import ReelModel
@testable import ReelOTIO

/// OTIO export refuses what it cannot write yet (layer keys, output mask, watermark) instead of
/// dropping it and changing the picture.
@Suite struct OTIOExportLayerTests {
    static func composition(_ change: (inout Composition) -> Void) throws -> Composition {
        let clip = Clip(asset: "a", sourceRange: try TimeRange(start: .zero, duration: .seconds(2)), origin: "videos[0]")
        var c = Composition(assets: ["a": Asset(id: "a", path: "/m/a.mp4")],
                            videoTracks: [Track(kind: .video, items: [.clip(clip)])],
                            output: OutputSettings(width: 320, height: 180, frameRate: try FrameRate(30, 1)))
        change(&c)
        return c
    }

    /// A composition without those features exports, and imports back to the same clip: the same media, the
    /// same source range and the same place on the timeline.
    @Test func plainCompositionsStillExport() throws {
        let original = try Self.composition { _ in }
        let bytes = try OTIOExporter.export(original)
        let prober = StaticMediaProber(["/m/a.mp4": try Support.facts("/m/a.mp4", frames: .unit(100_000))])
        let options = OTIOImportOptions(mediaRoots: ["/m"], fileExists: { prober.facts[$0] != nil })
        let imported = try OTIOImporter.load(data: bytes, baseDirectory: "/nowhere", options: options, prober: prober)
        let clips = imported.composition.videoTracks.flatMap(\.items).compactMap { item -> Clip? in
            if case .clip(let clip) = item { return clip }
            return nil
        }
        try #require(clips.count == 1, "\(imported.composition.videoTracks)")
        #expect(imported.composition.assets[clips[0].asset]?.path == "/m/a.mp4")
        #expect(clips[0].sourceRange == (try TimeRange(start: .zero, duration: .seconds(2))))
        #expect(imported.composition.output.frameRate == original.output.frameRate)
    }

    @Test func layerKeysOutputMaskAndWatermarkAreRefused() throws {
        let layered = try Self.composition { c in
            guard case .clip(var clip) = c.videoTracks[0].items[0] else { return }
            clip.layer.opacity = [Keyframe(time: .zero, value: .one)]
            c.videoTracks[0].items[0] = .clip(clip)
        }
        let masked = try Self.composition { $0.output.mask = Mask(shape: .circle) }
        let marked = try Self.composition { $0.watermark = Watermark(image: "/m/logo.png", position: Point(x: .one, y: .one), scale: .one) }
        for (name, c) in [("layer keys", layered), ("output mask", masked), ("watermark", marked)] {
            #expect(throws: OTIOError.self, "\(name)") { _ = try OTIOExporter.export(c) }
        }
    }
}
