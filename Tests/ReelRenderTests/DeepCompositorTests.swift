import ReelMedia
import ReelModel
import Testing
@testable import ReelRender

private func q(_ n: Int64, _ d: Int64 = 1) -> Rational { try! Rational(n, d) }
private func t(_ n: Int64) -> RationalTime { try! RationalTime(value: n, timescale: 1) }

/// Every compositor feature on `DeepFrame` against the 8-bit path: the deep composite of 8-bit inputs
/// widened (`s << 8`, chroma repeated to 4:4:4), narrowed back (`DeepFrames.narrow`), equals the 8-bit
/// composite.
///
/// - Transitions and cuts are exact in every plane: copies stay copies, a dissolve of widened samples is
///   `a·(256 − w) + b·w` exactly (its 8-bit rounding is the 8-bit result), and 4:2:0's averaged chroma at an
///   odd edge is what the 2×2 mean of the 4:4:4 result gives.
/// - Layers, titles, the watermark and the output mask round twice on the deep path (in 16 bits, then to
///   8 for the comparison) and titles convert their colour at 16 bits: luma within ±1.
/// - Their chroma is sampled differently: 4:2:0 filters chroma on the half-resolution grid (a turned or
///   scaled layer's bilinear taps, a mask or glyph edge at the block centre), 4:4:4 per pixel and then the
///   2×2 mean, so where the chroma texture steps (these textures wrap by up to 170 levels) or an edge
///   crosses a 2×2 block the two disagree by a part of that step. Bounds are per case, set just above the
///   differences measured (noted beside them), with the share of chroma samples that may differ at all:
///   moves on the pixel grid, opacity and crops stay within ±1.
@Suite struct DeepCompositorTests {
    static let (w, h) = (320, 180)
    static let a = DeepFrames.textured(w, h, seed: 1), b = DeepFrames.textured(w, h, seed: 2)
    static let below = DeepFrames.textured(w, h, seed: 3)

    static func both(_ layers: [CompositorLayer<PlanarFrame>]) -> (DeepFrame, PlanarFrame) {
        (Compositor.composite(layers.map(\.widened), width: w, height: h), Compositor.composite(layers, width: w, height: h))
    }

    @Test(arguments: [TransitionKind.dissolve, .push, .wipe, .cut], [q(0), q(1, 7), q(3, 7), q(1, 2), q(6, 7), q(1)])
    func transitionsMatchThe8BitPath(kind: TransitionKind, progress: Rational) {
        for (outgoing, incoming) in [(Self.a, Self.b), (Self.a, nil), (nil, Self.b)] as [(PlanarFrame?, PlanarFrame?)] {
            let (deep, planar) = Self.both([.frame(Self.below),
                                            .transition(kind: kind, outgoing: outgoing, incoming: incoming, progress: progress)])
            #expect(DeepFrames.narrow(deep) == planar, "\(kind) at \(progress)")
        }
    }

    /// Odd push shifts and wipe rows, where 4:2:0 averages neighbouring chroma: 1/320 and 1/180 of the way.
    @Test func oddEdgesMatchThe8BitPath() {
        for (kind, p) in [(TransitionKind.push, q(1, 320)), (.push, q(161, 320)), (.wipe, q(1, 180)), (.wipe, q(91, 180))] {
            let (deep, planar) = Self.both([.transition(kind: kind, outgoing: Self.a, incoming: Self.b, progress: p)])
            #expect(DeepFrames.narrow(deep) == planar, "\(kind) at \(p)")
        }
    }

    static func state(scale: Double = 1, rotation: Double = 0, x: Double = 0.5, opacity: Double = 1,
                      crop: (Double, Double, Double, Double) = (0, 0, 1, 1)) -> LayerState {
        var s = LayerState()
        (s.scale, s.rotation, s.position, s.opacity, s.crop) = (scale, rotation, (x, 0.5), opacity, crop)
        return s
    }

    /// (name, state, mask, largest chroma difference allowed, largest share of chroma samples that may differ).
    static let layerCases: [(String, LayerState, Mask?, Int, Double)] = [
        ("moved by whole pixels", state(x: 0.5 + 10.0 / 320), nil, 0, 0),
        ("opacity 0.6", state(opacity: 0.6), nil, 1, 0.01),
        ("scaled 0.8, turned 10°", state(scale: 0.8, rotation: 10), nil, 24, 0.12),      // measured: 18, 10.7 %
        ("scaled 0.3 (box-reduced by 2)", state(scale: 0.3, x: 0.3), nil, 32, 0.05),      // measured: 27, 3.0 %
        ("cropped, moved half a pixel", state(x: 0.5 + 0.5 / 320, crop: (0.1, 0.2, 0.5, 0.5)), nil, 1, 0.01),
        ("circle mask, feathered", state(), Mask(shape: .circle, radius: q(4, 5), feather: q(6)), 8, 0.03),  // 5, 1.5 %
    ]

    @Test(arguments: layerCases.indices)
    func layersMatchThe8BitPath(index: Int) {
        let (name, state, mask, chromaBound, share) = Self.layerCases[index]
        let picture = LayerPicture(frame: Self.a, state: state, mask: mask.map { MaskPlanes($0, width: Self.w, height: Self.h) })
        let (deep, planar) = Self.both([.frame(Self.below), .layer(picture)])
        let d = DeepFrames.compare(deep, planar)
        #expect(d.luma.max <= 1, "\(name): luma differs by \(d.luma.max)")
        #expect(d.chroma.max <= chromaBound, "\(name): chroma differs by \(d.chroma.max)")
        #expect(Double(d.chroma.count) <= share * Double(2 * planar.u.count), "\(name): \(d.chroma.count) chroma samples differ")
        #expect(Compositor.flatten(LayerPicture(frame: DeepFrames.widen(Self.a), state: state)).y
                == Compositor.composite([CompositorLayer<DeepFrame>.layer(.init(frame: DeepFrames.widen(Self.a), state: state))],
                                        width: Self.w, height: Self.h).y)
    }

    static func title(_ text: String?, image: String? = nil, color: RGBA, opacity: Rational = q(3, 4)) -> Title {
        Title(text: text, image: image, size: 48, color: color, position: Point(x: q(2, 5), y: q(1, 2)),
              timeRange: try! TimeRange(start: .zero, duration: t(10)), opacity: [Keyframe(time: .zero, value: opacity)])
    }

    @Test(arguments: [RGBA.white, RGBA(r: 255, g: 40, b: 0), RGBA(r: 20, g: 90, b: 220, a: 200)])
    func titlesMatchThe8BitPath(color: RGBA) throws {
        var planar = Self.below, deep = DeepFrames.widen(Self.below)
        let renderer = TitleRenderer()
        try renderer.draw(Self.title("Reel 21", color: color), at: t(2), onto: &planar)
        try renderer.draw(Self.title("Reel 21", color: color), at: t(2), colour: .bt709, onto: &deep)
        let d = DeepFrames.compare(deep, planar)
        #expect(d.luma.max <= 1, "luma differs by \(d.luma.max)")
        #expect(d.chroma.max <= 2, "chroma differs by \(d.chroma.max) at glyph edges")   // measured: 1
        #expect(Double(d.chroma.count) <= 0.01 * Double(2 * planar.u.count))   // measured: 0.6 %
        #expect(DeepFrames.difference(planar.y, Self.below.y).count > 500, "the title was drawn")
        #expect(renderer.rasterisations == 2, "one raster per depth, each cached apart")
    }

    /// The watermark is an image title: a 40x30 RGBA panel with a translucent ramp, at 1/4 of the width.
    @Test func watermarkMatchesThe8BitPath() throws {
        var pixels = [UInt8]()
        for r in 0..<30 { for c in 0..<40 { pixels += [UInt8(c * 6), UInt8(200 - r * 5), 120, UInt8(55 + c * 5)] } }
        let image = RGBAImage(width: 40, height: 30, pixels: pixels)
        let mark = Watermark(image: "mark.png", position: Point(x: q(3, 4), y: q(1, 4)), opacity: q(4, 5), scale: q(1, 4))
        let title = mark.title(outputWidth: Self.w, imageWidth: image.width)
        var planar = Self.below, deep = DeepFrames.widen(Self.below)
        let renderer = TitleRenderer()
        try renderer.draw(title, image: image, at: t(1), onto: &planar)
        try renderer.draw(title, image: image, at: t(1), colour: .bt709, onto: &deep)
        let d = DeepFrames.compare(deep, planar)
        #expect(d.luma.max <= 1, "luma differs by \(d.luma.max)")
        #expect(d.chroma.max <= 1, "chroma differs by \(d.chroma.max)")
        #expect(DeepFrames.difference(planar.y, Self.below.y).count > 2000, "the watermark was drawn")
    }

    @Test func outputMaskMatchesThe8BitPath() {
        let mask = MaskPlanes(Mask(shape: .roundedRect, radius: q(1, 3), feather: q(5)), width: Self.w, height: Self.h)
        var planar = Self.a, deep = DeepFrames.widen(Self.a)
        let background = RGBA(r: 30, g: 160, b: 90)
        Compositor.maskFrame(&planar, mask: mask, background: background)
        Compositor.maskFrame(&deep, mask: mask, background: background, colour: .bt709)
        let d = DeepFrames.compare(deep, planar)
        #expect(d.luma.max <= 1, "luma differs by \(d.luma.max)")
        #expect(d.chroma.max <= 8, "chroma differs by \(d.chroma.max) on the mask's edge")   // measured: 6
        #expect(Double(d.chroma.count) <= 0.02 * Double(2 * planar.u.count))                 // measured: 1.0 %
        #expect(DeepFrames.difference(planar.y, Self.a.y).count > 2000, "the mask did something")
    }
}
