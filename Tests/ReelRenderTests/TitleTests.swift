import Foundation
import ReelMedia
import ReelModel
import Testing
@testable import ReelRender

private func t(_ n: Int64, _ d: Int32 = 1) -> RationalTime { try! RationalTime(value: n, timescale: d) }
private func q(_ n: Int64, _ d: Int64 = 1) -> Rational { try! Rational(n, d) }

/// A white "H" (solid stems) centred in a 320x180 frame, shown for 10 s.
private func makeTitle(text: String? = "H", at position: Point = Point(x: q(1, 2), y: q(1, 2)), color: RGBA = .white,
                       opacity: KeyframeTrack<Rational> = [], scale: KeyframeTrack<Rational> = []) -> Title {
    Title(text: text, size: 64, color: color, position: position,
          timeRange: try! TimeRange(start: t(3), duration: t(10)), opacity: opacity, scale: scale)
}

/// The alpha of the most opaque title pixel over black: (maxY − 16) / 219.
private func measuredAlpha(_ frame: PlanarFrame) -> Double { Double(Int(frame.y.max()!) - 16) / 219 }

@Test(arguments: [(Int64(1), 0.5), (Int64(5), 1.0), (Int64(9), 0.5), (Int64(0), 0.0)])
func defaultFadeOpacity(second: Int64, expected: Double) throws {
    var frame = PlanarFrame(width: 320, height: 180)
    try TitleRenderer().draw(makeTitle(), at: t(second), onto: &frame)
    #expect(abs(measuredAlpha(frame) - expected) < 0.01, "at \(second) s of 10: \(measuredAlpha(frame))")
}

@Test func textLandsInsideItsBox() throws {
    let title = makeTitle(text: "Reel", at: Point(x: q(1, 4), y: q(1, 3)), color: RGBA(r: 255, g: 0, b: 0))
    var frame = PlanarFrame(width: 320, height: 180)
    try TitleRenderer().draw(title, at: t(5), onto: &frame)
    let mask = try FontRasterizer().rasterize("Reel", pixelSize: 64)
    let w = (mask.width + 1) & ~1, h = (mask.height + 1) & ~1
    let left = Int((80.0 - Double(w) / 2).rounded(.down)) & ~1, top = Int((60.0 - Double(h) / 2).rounded(.down)) & ~1
    var inked = 0
    for y in 0..<180 {
        for x in 0..<320 where frame.y[y * 320 + x] != 16 {
            inked += 1
            #expect((left..<left + w).contains(x) && (top..<top + h).contains(y), "ink at \(x),\(y)")
        }
    }
    #expect(inked > 200)
    for y in 0..<90 {
        for x in 0..<160 where frame.v[y * 160 + x] != 128 {
            #expect((left / 2..<(left + w) / 2).contains(x) && (top / 2..<(top + h) / 2).contains(y))
        }
    }
    let red = ColorConversion.yuv(r: 255, g: 0, b: 0)
    #expect(frame.y.max() == red.y && frame.v.max() == red.v, "solid glyph pixels take the title colour")
}

@Test func fontNotFoundNamesTheFont() {
    #expect(throws: TitleError.fontNotFound(font: "Nonexistent Grotesk", searched: FontRasterizer.fontDirectories)) {
        try FontRasterizer(font: "Nonexistent Grotesk")
    }
    #expect(throws: TitleError.fontNotFound(font: "/nope/Font.ttf", searched: ["/nope/Font.ttf"])) {
        try FontRasterizer(font: "/nope/Font.ttf")
    }
    let error = TitleError.fontNotFound(font: "Nonexistent Grotesk", searched: ["/usr/share/fonts"])
    #expect(error.description.contains("Nonexistent Grotesk"))
}

@Test(arguments: [("DejaVu Sans Bold", "DejaVuSans-Bold.ttf"), ("dejavu serif", "DejaVuSerif.ttf"),
                  ("DejaVu Sans Book", "DejaVuSans.ttf"), ("DejaVu Sans Mono", "DejaVuSansMono.ttf")])
func fontFamilyLookup(name: String, file: String) throws {
    #expect(try FontRasterizer(font: name).path.hasSuffix("/" + file))
}

@Test func multiLineTextStacksLines() throws {
    let font = try FontRasterizer()
    let one = try font.rasterize("Ag", pixelSize: 40), two = try font.rasterize("Ag\nAg", pixelSize: 40)
    #expect(two.width == one.width)
    #expect(two.height > one.height + 30 && two.height < 2 * one.height + 20)
    #expect(try font.rasterize("", pixelSize: 40) == .empty)
}

/// Needs a CJK font: scripts/setup.sh installs fonts-wqy-microhei (WenQuanYi Micro Hei). Missing, the
/// test fails. Each character must get a glyph of its own, not one "missing glyph" box for all.
@Test func cjkTextRendersWithACJKFont() throws {
    let font = try FontRasterizer(font: "WenQuanYi Micro Hei")
    let mask = try font.rasterize("日本語", pixelSize: 32)
    #expect(mask.width > 60 && mask.alpha.contains(255))
    let glyphs = try ["日", "本", "語"].map { try font.rasterize($0, pixelSize: 32) }
    #expect(Set(glyphs.map(\.alpha)).count == 3, "the three characters rasterise alike: no CJK glyphs")
}

@Test func keyframesInterpolateLinearlyAndHold() throws {
    let title = Title(text: "x", position: Point(x: q(1, 2), y: q(1, 2)),
                      timeRange: try TimeRange(start: t(0), duration: t(10)),
                      opacity: [Keyframe(time: t(2), value: q(1, 4)), Keyframe(time: t(6), value: .one)],
                      positionKeys: [Keyframe(time: t(0), value: Point(x: .zero, y: .one)),
                                     Keyframe(time: t(4), value: Point(x: .one, y: .zero))],
                      scale: [Keyframe(time: t(5), value: q(2))])
    let at1 = try TitleState(of: title, at: t(1)), at4 = try TitleState(of: title, at: t(4))
    #expect(at1.opacity == q(1, 4) && at1.position == Point(x: q(1, 4), y: q(3, 4)) && at1.scale == q(2))
    #expect(at4.opacity == q(5, 8) && at4.position == Point(x: .one, y: .zero))
    #expect(try TitleState(of: title, at: t(9)).opacity == .one)
    let fade = try TitleState(of: makeTitle(), at: t(1, 2))
    #expect(fade.opacity == q(1, 4) && fade.scale == .one)
}

@Test func rasterIsCachedPerScale() throws {
    let renderer = TitleRenderer()
    var frame = PlanarFrame(width: 320, height: 180)
    for second in Int64(1)...8 { try renderer.draw(makeTitle(), at: t(second), onto: &frame) }
    #expect(renderer.rasterisations == 1)
    let growing = makeTitle(scale: [Keyframe(time: t(0), value: .one), Keyframe(time: t(10), value: q(2))])
    var small = PlanarFrame(width: 320, height: 180), large = small
    try renderer.draw(growing, at: t(5, 2), onto: &small)
    try renderer.draw(growing, at: t(15, 2), onto: &large)
    #expect(renderer.rasterisations == 3)
    let areaRatio = Double(large.y.filter { $0 > 100 }.count) / Double(small.y.filter { $0 > 100 }.count)
    #expect(abs(areaRatio - 1.96) < 0.2, "scale 1.75 vs 1.25: ink area ratio \(areaRatio)")
}

@Test func imageTitleBlendsTheImageColors() throws {
    let green = RGBAImage(width: 40, height: 30, pixels: [UInt8]((0..<1200).flatMap { _ in [0, 200, 0, 255] }))
    let title = makeTitle(text: nil)
    var frame = PlanarFrame(width: 320, height: 180)
    try TitleRenderer().draw(title, image: green, at: t(5), onto: &frame)
    let expected = ColorConversion.yuv(r: 0, g: 200, b: 0)
    #expect(frame.y[90 * 320 + 160] == expected.y && frame.u[45 * 160 + 80] == expected.u)
    #expect(frame.y.filter { $0 == expected.y }.count == 1200)
}

@Test func colourConversionIsBT709LimitedRange() {
    #expect(ColorConversion.yuv(r: 255, g: 255, b: 255) == (235, 128, 128))
    #expect(ColorConversion.yuv(r: 0, g: 0, b: 0) == (16, 128, 128))
    #expect(ColorConversion.yuv(r: 255, g: 0, b: 0) == (63, 102, 240))
    #expect(ColorConversion.yuv(r: 0, g: 0, b: 255) == (32, 240, 118))
    let back = ColorConversion.rgb(y: 63, u: 102, v: 240)
    #expect(abs(Int(back.r) - 255) <= 1 && back.g <= 1 && back.b <= 2)
}
