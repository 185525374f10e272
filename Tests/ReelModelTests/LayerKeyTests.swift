import Foundation
import Testing
@testable import ReelModel

/// Decoding and validation of clip layer keys: `transform`, `opacity` and `mask`.
@Suite struct LayerKeyTests {
    static func load(_ clipExtra: String) -> (Composition?, [String]) {
        let json = Fixtures.composition(#""videos": ["# + Fixtures.video("a", "0", "4") .dropLast() + clipExtra + "}]")
        do {
            return (try Fixtures.load(json).composition, [])
        } catch {
            return (nil, error.diagnostics.map(\.description))
        }
    }

    @Test func keysDecodeWithHeldComponentsAndEase() throws {
        let (c, problems) = Self.load(#", "transform": [ { "time": "0", "value": { "position": { "x": "0.25", "y": "0.5" }, "scale": "1" } }, "#
            + #"{ "time": "3", "value": { "scale": "1.2", "rotation": "-10", "crop": { "x": "0", "y": "0.1", "width": "1", "height": "0.8" } }, "ease": "in-out" } ], "#
            + #""opacity": [ { "time": "1/2", "value": "0.5" } ], "mask": { "shape": "rounded-rect", "radius": "0.2", "feather": "4" }"#)
        #expect(problems.isEmpty, "\(problems)")
        guard case .clip(let clip)? = c?.videoTracks.first?.items.first else { Issue.record("no clip"); return }
        let layer = clip.layer
        #expect(layer.transform.count == 2)
        #expect(layer.transform[1].ease == .inOut && layer.transform[0].ease == .linear)
        #expect(layer.transform[1].value.position == nil)
        #expect(layer.transform[1].value.rotation == Rational(unchecked: -10, 1))
        #expect(layer.opacity.map(\.value) == [Rational(unchecked: 1, 2)])
        #expect(layer.mask == Mask(shape: .roundedRect, radius: Rational(unchecked: 1, 5), feather: Rational(unchecked: 4, 1)))
    }

    @Test(arguments: [
        (#", "transform": [ { "time": "0", "value": { "scale": "0" } } ]"#, "videos[0].transform[0].value.scale"),
        (#", "transform": [ { "time": "0", "value": { "scale": "21" } } ]"#, "videos[0].transform[0].value.scale"),
        (#", "transform": [ { "time": "0", "value": { "rotation": "4000" } } ]"#, "videos[0].transform[0].value.rotation"),
        (#", "transform": [ { "time": "0", "value": { "position": { "x": "11", "y": "0" } } } ]"#, "videos[0].transform[0].value.position"),
        (#", "transform": [ { "time": "0", "value": { "crop": { "x": "0.5", "y": "0", "width": "0.6", "height": "1" } } } ]"#, "videos[0].transform[0].value.crop.width"),
        (#", "transform": [ { "time": "0", "value": { } } ]"#, "videos[0].transform[0].value"),
        (#", "transform": [ { "time": "0", "value": { "zoom": "2" } } ]"#, "videos[0].transform[0].value.zoom"),
        (#", "transform": [ { "time": "5", "value": { "scale": "2" } } ]"#, "videos[0].transform[0].time"),
        (#", "transform": [ { "time": "1", "value": { "scale": "2" } }, { "time": "1", "value": { "scale": "1" } } ]"#, "videos[0].transform[1].time"),
        (#", "transform": [ { "time": "0", "value": { "scale": "2" }, "ease": "bounce" } ]"#, "videos[0].transform[0].ease"),
        (#", "opacity": [ { "time": "0", "value": "1.5" } ]"#, "videos[0].opacity[0].value"),
        (#", "mask": { "shape": "star" }"#, "videos[0].mask.shape"),
        (#", "mask": { "shape": "circle", "radius": "0" }"#, "videos[0].mask.radius"),
        (#", "mask": { "shape": "circle", "feather": "5000" }"#, "videos[0].mask.feather"),
    ])
    func badValuesAreNamedByPath(_ extra: String, _ path: String) {
        let (c, problems) = Self.load(extra)
        #expect(c == nil)
        #expect(problems.contains { $0.hasPrefix(path + ":") }, "\(problems)")
    }
}

/// `output.mask` and `output.background`.
@Suite struct OutputMaskKeyTests {
    static func output(_ members: String) -> String {
        Fixtures.composition(#""videos": ["# + Fixtures.video("a", "0", "4") + #"], "output": { "width": 180, "height": 180, "# + members + "}")
    }

    @Test func theCircleRecipeDecodes() throws {
        let c = try Fixtures.load(Self.output(##""mask": { "shape": "circle" }, "background": "#FFFFFF""##)).composition
        #expect(c.output.mask == Mask(shape: .circle))
        #expect(c.output.background == .white)
    }

    @Test func badValuesAreNamedByPath() {
        let problems = Fixtures.diagnostics(Self.output(##""mask": { "shape": "circle", "feather": "-1" }, "background": "#FFFFFF80""##))
        #expect(problems.contains { $0.hasPrefix("output.mask.feather:") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("output.background:") }, "\(problems)")
    }
}

/// `watermark`.
@Suite struct WatermarkKeyTests {
    static func doc(_ watermark: String) -> String {
        Fixtures.composition(#""videos": ["# + Fixtures.video("a", "0", "4") + #"], "watermark": "# + watermark)
    }

    @Test func decodesWithDefaults() throws {
        let c = try Fixtures.load(Self.doc(#"{ "image": "logo.png", "opacity": "0.6" }"#)).composition
        let w = try #require(c.watermark)
        #expect(w.image.hasSuffix("/logo.png") && w.opacity == Rational(unchecked: 3, 5))
        #expect(w.position == CompositionFormat.namedPositions["bottom-right"] && w.scale == Rational(unchecked: 3, 20))
    }

    @Test func badValuesAreNamedByPath() {
        let problems = Fixtures.diagnostics(Self.doc(#"{ "image": "logo.png", "opacity": "2", "scale": "0", "position": "nowhere" }"#))
        for path in ["watermark.opacity:", "watermark.scale:", "watermark.position:"] {
            #expect(problems.contains { $0.hasPrefix(path) }, "\(path) in \(problems)")
        }
    }
}

/// `overlays`: extra video tracks placed with `at`.
@Suite struct OverlayKeyTests {
    static func doc(_ overlays: String) -> String {
        Fixtures.composition(#""videos": ["# + Fixtures.video("a", "0", "10") + #"], "overlays": "# + overlays)
    }

    @Test func tracksStackAboveTheMainTrackWithGaps() throws {
        let c = try Fixtures.load(Self.doc(#"[ [ { "asset": "b", "sourceRange": { "start": "0", "duration": "2" }, "at": "1" }, "#
            + #"{ "asset": "b", "sourceRange": { "start": "5", "duration": "1" }, "at": "4", "transform": [ { "time": "0", "value": { "scale": "0.5" } } ] } ] ]"#)).composition
        #expect(c.videoTracks.count == 2)
        let items = c.videoTracks[1].items
        #expect(items.count == 4)
        if case .gap(let d) = items[0] { #expect(d == .seconds(1)) } else { Issue.record("no leading gap") }
        if case .gap(let d) = items[2] { #expect(d == .seconds(1)) } else { Issue.record("no gap between clips") }
        if case .clip(let clip) = items[3] { #expect(clip.layer.transform.count == 1) } else { Issue.record("no clip") }
    }

    @Test func overlapsAndBadValuesAreNamedByPath() {
        let problems = Fixtures.diagnostics(Self.doc(#"[ [ { "asset": "b", "sourceRange": { "start": "0", "duration": "2" }, "at": "1" }, "#
            + #"{ "asset": "b", "sourceRange": { "start": "0", "duration": "1" }, "at": "2" }, "#
            + #"{ "asset": "b", "sourceRange": { "start": "0", "duration": "1" }, "at": "-1" }, "#
            + #"{ "asset": "b", "sourceRange": { "start": "0", "duration": "100" }, "at": "9" } ], "x" ]"#))
        for path in ["overlays[0][1].at:", "overlays[0][2].at:", "overlays[0][3].sourceRange:", "overlays[1]:"] {
            #expect(problems.contains { $0.hasPrefix(path) }, "\(path) in \(problems)")
        }
    }
}
