/// The transformed-layer kernel: bilinear sampling through a `PlaneMap`, premultiplied "over" onto
/// the output, in integers only.
///
/// Each output pixel takes the four taps around its source point with weights `(256 − fx)(256 − fy)` …
/// (sum 65536). A tap outside the crop rectangle counts as transparent, so edges ramp over one pixel
/// (antialiased); a mask scales each tap by its value `m` (0…255 read as 0…256). With
/// `α = Σ wᵢ·mᵢ` (≤ 2²⁴), `C = Σ wᵢ·mᵢ·vᵢ` and opacity `o` (0…256):
/// `out = (dst·(2³² − α·o) + C·o + 2³¹) >> 32`. A tap-exact, opaque, unmasked pixel is copied exactly.
///
/// Generic over the sample type: with 16-bit samples `C ≤ 2²⁴·65535 < 2⁴⁰` and the blend stays inside 2⁶³.
enum LayerSampler {
    struct Source<S: FixedWidthInteger & UnsignedInteger> {
        let pixels: UnsafePointer<S>
        /// Mask values in layer pixels, or nil for none.
        let mask: UnsafePointer<UInt8>?
        /// Samples per row of `pixels` and `mask` (the plane's width, or less when reduced).
        let stride: Int
        /// The output plane's size.
        let width: Int
        let height: Int
    }

    static func draw<S>(_ s: Source<S>, _ m: PlaneMap, opacity o: Int, into dst: UnsafeMutablePointer<S>) {
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
                    tap(s, ix, iy, (256 - fx) * (256 - fy), inL && inT, &alpha, &color)
                    tap(s, ix + 1, iy, fx * (256 - fy), inR && inT, &alpha, &color)
                    tap(s, ix, iy + 1, (256 - fx) * fy, inL && inB, &alpha, &color)
                    tap(s, ix + 1, iy + 1, fx * fy, inR && inB, &alpha, &color)
                    if alpha > 0 {
                        let v = (Int(row[x]) * ((1 << 32) - alpha * o) + color * o + (1 << 31)) >> 32
                        row[x] = S(truncatingIfNeeded: v)
                    }
                }
                sx += m.a
                sy += m.d
            }
        }
    }

    @inline(__always)
    static func tap<S>(_ s: Source<S>, _ x: Int, _ y: Int, _ w: Int, _ inside: Bool, _ alpha: inout Int, _ color: inout Int) {
        guard inside, w > 0 else { return }
        let i = y * s.stride + x
        var mw = w << 8
        if let mask = s.mask {
            let mv = Int(mask[i])
            mw = w * (mv + (mv >> 7))
        }
        alpha += mw
        color += mw * Int(s.pixels[i])
    }
}
