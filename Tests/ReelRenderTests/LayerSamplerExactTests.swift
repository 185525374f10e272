import ReelModel
import Testing
@testable import ReelRender

/// `LayerSampler.draw`'s interior fast path (issue 23 §2) gives the same samples, bit for bit, as the general
/// four-tap path it short-cuts, kept here as the reference: random transforms, crops, opacities and masks, on 8-bit
/// and 16-bit planes.
@Suite struct LayerSamplerExactTests {
    /// The sampler as it was before the interior path: every pixel through `tap`'s bounds tests.
    static func reference<S>(_ s: LayerSampler.Source<S>, _ m: PlaneMap, opacity o: Int, into dst: UnsafeMutablePointer<S>) {
        guard m.visible, o > 0 else { return }
        for y in m.top..<m.bottom {
            var sx = m.a * m.left + m.b * y + m.c, sy = m.d * m.left + m.e * y + m.f
            let row = dst + y * s.width
            for x in m.left..<m.right {
                let ix = sx >> 16, iy = sy >> 16
                if ix >= m.x0 - 1 && ix < m.x1 && iy >= m.y0 - 1 && iy < m.y1 {
                    let fx = (sx >> 8) & 255, fy = (sy >> 8) & 255
                    let inL = ix >= m.x0, inR = ix + 1 < m.x1, inT = iy >= m.y0, inB = iy + 1 < m.y1
                    var alpha = 0, color = 0
                    LayerSampler.tap(s, ix, iy, (256 - fx) * (256 - fy), inL && inT, &alpha, &color)
                    LayerSampler.tap(s, ix + 1, iy, fx * (256 - fy), inR && inT, &alpha, &color)
                    LayerSampler.tap(s, ix, iy + 1, (256 - fx) * fy, inL && inB, &alpha, &color)
                    LayerSampler.tap(s, ix + 1, iy + 1, fx * fy, inR && inB, &alpha, &color)
                    if alpha > 0 {
                        row[x] = S(truncatingIfNeeded: (Int(row[x]) * ((1 << 32) - alpha * o) + color * o + (1 << 31)) >> 32)
                    }
                }
                sx += m.a
                sy += m.d
            }
        }
    }

    /// A small deterministic generator (the cases are the same on every run).
    struct Draw {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func unit() -> Double { Double(next() % 1_000_001) / 1_000_000 }
        mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    }

    func compare<S: FixedWidthInteger & UnsignedInteger>(_: S.Type, cases: Int, seed: UInt64) -> [String] {
        var g = Draw(state: seed), failures: [String] = []
        let (w, h) = (97, 61)
        for n in 0..<cases {
            var st = LayerState()
            st.scale = [1, 0.5, 2, g.range(0.05, 3)][Int(g.next() % 4)]
            st.rotation = [0, 90, -90, 180, g.range(-180, 180), g.range(-3, 3)][Int(g.next() % 6)]
            st.position = (g.range(-0.2, 1.2), g.range(-0.2, 1.2))
            st.anchor = (g.range(0, 1), g.range(0, 1))
            if g.next() % 3 == 0 {
                let x = g.range(0, 0.6), y = g.range(0, 0.6)
                st.crop = (x, y, g.range(0.05, 1 - x), g.range(0.05, 1 - y))
            }
            let o = [256, 256, 95, 1, 255][Int(g.next() % 5)]
            let m = LayerGeometry.map(st, width: w, height: h)
            let pixels = (0..<(w * h)).map { _ in S(truncatingIfNeeded: g.next()) }
            let mask: [UInt8]? = g.next() % 2 == 0 ? nil : (0..<(w * h)).map { _ in [0, 255, UInt8(truncatingIfNeeded: g.next())][Int(g.next() % 3)] }
            let below = (0..<(w * h)).map { _ in S(truncatingIfNeeded: g.next()) }
            var fast = below, slow = below
            pixels.withUnsafeBufferPointer { px in
                func run(_ mk: UnsafePointer<UInt8>?) {
                    let source = LayerSampler.Source(pixels: px.baseAddress!, mask: mk, stride: w, width: w, height: h)
                    fast.withUnsafeMutableBufferPointer { LayerSampler.draw(source, m, opacity: o, into: $0.baseAddress!) }
                    slow.withUnsafeMutableBufferPointer { Self.reference(source, m, opacity: o, into: $0.baseAddress!) }
                }
                if let mask { mask.withUnsafeBufferPointer { run($0.baseAddress) } } else { run(nil) }
            }
            if fast != slow {
                let i = fast.indices.first { fast[$0] != slow[$0] }!
                failures.append("case \(n) (\(S.bitWidth)-bit, scale \(st.scale), rotation \(st.rotation), opacity \(o), "
                                + "mask \(mask != nil)): pixel \(i % w),\(i / w) is \(fast[i]), the reference \(slow[i])")
            }
        }
        return failures
    }

    @Test("8-bit: 400 random layers, the interior path equals the general one bit for bit")
    func eightBit() {
        let failures = compare(UInt8.self, cases: 400, seed: 1)
        #expect(failures.count == 0, "\(failures.count) of 400 differ: \(failures.prefix(3))")
    }

    @Test("16-bit: 400 random layers, the interior path equals the general one bit for bit")
    func sixteenBit() {
        let failures = compare(UInt16.self, cases: 400, seed: 2)
        #expect(failures.count == 0, "\(failures.count) of 400 differ: \(failures.prefix(3))")
    }

    @Test("a mask's reductions, worked out once with it, are the box reductions the compositor made on every frame")
    func maskReductions() throws {
        for (w, h) in [(97, 61), (1920, 1080), (15, 9)] {
            let planes = MaskPlanes(Mask(shape: .circle, feather: try Rational(3, 1)), width: w, height: h)
            let cw = (w + 1) / 2, ch = (h + 1) / 2
            for r in [2, 4, 8] {
                let luma = planes.luma.withUnsafeBufferPointer { LayerReduction.box($0.baseAddress!, width: w, height: h, by: r) }
                let chroma = planes.chroma.withUnsafeBufferPointer { LayerReduction.box($0.baseAddress!, width: cw, height: ch, by: r) }
                #expect(planes.reduced(by: r, luma: true) == (w >= r && h >= r ? luma : nil), "\(w)x\(h) by \(r): luma")
                #expect(planes.reduced(by: r, luma: false) == (cw >= r && ch >= r ? chroma : nil), "\(w)x\(h) by \(r): chroma")
            }
        }
    }
}
