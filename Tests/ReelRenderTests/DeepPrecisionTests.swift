import ReelMedia
import ReelModel
import Testing
@testable import ReelRender

private func q(_ n: Int64, _ d: Int64 = 1) -> Rational { try! Rational(n, d) }

/// What the deep path keeps that the 8-bit one cannot: the low byte of every sample, through every kernel.
@Suite struct DeepPrecisionTests {
    static let (w, h) = (320, 180)

    /// A smooth 16-bit luma ramp over the whole limited range, every pixel its own value; chroma ramps too.
    static func gradient(reversed: Bool) -> DeepFrame {
        var f = DeepFrame(width: w, height: h)
        let n = w * h
        for i in 0..<n {
            let k = reversed ? n - 1 - i : i
            f.y[i] = UInt16(4096 + k * (60160 - 4096) / (n - 1))
            f.u[i] = UInt16(16384 + k * 32768 / (n - 1))
            f.v[i] = UInt16(49152 - k * 32768 / (n - 1))
        }
        return f
    }

    /// A dissolve of two 16-bit gradients keeps far more than 1024 levels (8-bit video has at most 220).
    @Test func dissolveOfGradientsKeepsMoreThan1024Levels() {
        let a = Self.gradient(reversed: false), b = Self.gradient(reversed: true)
        let out = Compositor.composite([.transition(kind: .dissolve, outgoing: a, incoming: b, progress: q(1, 4))],
                                       width: Self.w, height: Self.h)
        #expect(Set(out.y).count > 1024, "\(Set(out.y).count) distinct luma values")
        #expect(Set(out.u).count > 1024, "\(Set(out.u).count) distinct Cb values")
    }

    /// Samples with a low byte, through each deep kernel, against the kernel's formula worked by hand.
    /// Dropping the low byte anywhere (reading, mixing or writing `s >> 8`) changes every expected value.
    @Test func everyKernelKeepsTheLowByte() throws {
        let (x, y): (UInt16, UInt16) = (4096 + 0x25, 60000 + 0xC9)
        let a = DeepFrame(width: Self.w, height: Self.h, y: x, u: 30000 + 7, v: 40000 + 99)
        let b = DeepFrame(width: Self.w, height: Self.h, y: y, u: 20000 + 3, v: 50000 + 17)
        let mixed = { (p: UInt16, r: UInt16, w: UInt32) in UInt16((UInt32(p) * (256 - w) + UInt32(r) * w + 128) >> 8) }
        // Dissolve at w = 96 (3/8 · 256).
        let dissolve = Compositor.composite([.transition(kind: .dissolve, outgoing: a, incoming: b, progress: q(3, 8))],
                                            width: Self.w, height: Self.h)
        #expect(Set(dissolve.y) == [mixed(x, y, 96)] && Set(dissolve.u) == [mixed(30007, 20003, 96)])
        // A layer at half opacity, on the pixel grid: (dst + src + 1) >> 1.
        var half = LayerState()
        half.opacity = 0.5
        let layered = Compositor.composite([.frame(a), .layer(LayerPicture(frame: b, state: half))], width: Self.w, height: Self.h)
        #expect(Set(layered.y) == [UInt16((UInt32(x) + UInt32(y) + 1) >> 1)])
        #expect(Set(layered.v) == [UInt16((40099 + 50017 + 1) >> 1)])
        // A layer turned and scaled by 0.3 (box-reduced, bilinear): uniform in, uniform out where covered.
        var small = LayerState()
        (small.scale, small.rotation) = (0.3, 20)
        let reduced = Compositor.composite([.frame(a), .layer(LayerPicture(frame: b, state: small))], width: Self.w, height: Self.h)
        #expect(reduced.y[Self.h / 2 * Self.w + Self.w / 2] == y && reduced.y[0] == x)
        // Push and wipe copy samples whole.
        for kind in [TransitionKind.push, .wipe] {
            let moved = Compositor.composite([.transition(kind: kind, outgoing: a, incoming: b, progress: q(1, 3))],
                                             width: Self.w, height: Self.h)
            #expect(Set(moved.y) == [x, y] && Set(moved.u) == [30007, 20003], "\(kind)")
        }
        // The output mask keeps the inside as it is and puts the 16-bit background outside.
        var masked = a
        Compositor.maskFrame(&masked, mask: MaskPlanes(Mask(shape: .circle, radius: q(1, 2)), width: Self.w, height: Self.h),
                             background: RGBA(r: 255, g: 0, b: 0), colour: .bt709)
        #expect(masked.y[Self.h / 2 * Self.w + Self.w / 2] == x)
        #expect(masked.y[0] == ColorConversion.yuv(r: 255, g: 0, b: 0, as: UInt16.self, in: .bt709).y)
    }

    /// Rasters convert RGBA at 16 bits: red's luma is 16 + 219·0.2126 = 62.56 levels, 16015 at 16 bits, not
    /// 8-bit 63 shifted (16128); and a title drawn on a deep frame takes that value where it is opaque.
    @Test func rastersConvertAt16Bits() throws {
        let red = ColorConversion.yuv(r: 255, g: 0, b: 0, as: UInt16.self, in: .bt709)
        #expect(red == (16015, 26198, 61440))
        #expect(ColorConversion.yuv(r: 255, g: 0, b: 0, as: UInt8.self, in: .bt709) == ColorConversion.yuv(r: 255, g: 0, b: 0))
        #expect(ColorConversion.yuv(r: 255, g: 255, b: 255, as: UInt16.self, in: .bt709) == (60160, 32768, 32768))
        let title = Title(text: "H", size: 64, color: RGBA(r: 255, g: 0, b: 0), position: Point(x: q(1, 2), y: q(1, 2)),
                          timeRange: try TimeRange(start: .zero, duration: RationalTime(value: 10, timescale: 1)),
                          opacity: [Keyframe(time: .zero, value: .one)])
        var frame = DeepFrame(width: Self.w, height: Self.h)
        try TitleRenderer().draw(title, at: RationalTime(value: 1, timescale: 1), colour: .bt709, onto: &frame)
        #expect(frame.y.max() == red.y && frame.v.max() == red.v, "solid glyph pixels take the 16-bit title colour")
    }
}
