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
            var x = m.left
            while x < m.right {
                let ix = sx >> 16, iy = sy >> 16
                if ix >= m.x0 && ix + 1 < m.x1 && iy >= m.y0 && iy + 1 < m.y1 {
                    // The interior: all four taps inside, so a run of pixels takes the branch-free kernel.
                    let run = interior(s, m, row: row, x: x, sx: sx, sy: sy, opacity: o)
                    x += run
                    sx += m.a * run
                    sy += m.d * run
                    continue
                }
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
                x += 1
                sx += m.a
                sy += m.d
            }
        }
    }

    /// The pixels from `x` on whose four taps all lie inside the crop rectangle, drawn with the same integers as
    /// `tap` without its bounds tests: unmasked, the weights sum to 2¹⁶, so `α = 2²⁴` and `C = 2⁸·Σ wᵢvᵢ`, with
    /// `Σ wᵢvᵢ = ((v₀₀(256 − fx) + v₁₀fx)(256 − fy) + (v₀₁(256 − fx) + v₁₁fx)fy)`, and an opaque layer's blend
    /// `(dst·0 + 2⁸·Σ·2⁸ + 2³¹) >> 32` is `(Σ + 2¹⁵) >> 16`. Masked, each weight carries its tap's mask value as in
    /// `tap`. Bit for bit what the general path gives. Returns how many pixels it drew (≥ 1).
    @inline(__always)
    static func interior<S>(_ s: Source<S>, _ m: PlaneMap, row: UnsafeMutablePointer<S>, x start: Int, sx sx0: Int,
                            sy sy0: Int, opacity o: Int) -> Int {
        var x = start, sx = sx0, sy = sy0
        let stride = s.stride, px = s.pixels
        // How many pixels stay inside, worked out from the row's steps, so the loops below test nothing per pixel.
        let end = start + min(m.right - start, steps(sx, m.a, lo: m.x0, hi: m.x1 - 2), steps(sy, m.d, lo: m.y0, hi: m.y1 - 2))
        if let mask = s.mask {
            while x < end {
                let ix = sx >> 16, iy = sy >> 16
                let fx = (sx >> 8) & 255, fy = (sy >> 8) & 255, i = iy * stride + ix
                let w00 = (256 - fx) * (256 - fy), w10 = fx * (256 - fy), w01 = (256 - fx) * fy, w11 = fx * fy
                let m00 = Int(mask[i]), m10 = Int(mask[i + 1]), m01 = Int(mask[i + stride]), m11 = Int(mask[i + stride + 1])
                let a00 = w00 * (m00 + (m00 >> 7)), a10 = w10 * (m10 + (m10 >> 7))
                let a01 = w01 * (m01 + (m01 >> 7)), a11 = w11 * (m11 + (m11 >> 7))
                let alpha = a00 + a10 + a01 + a11
                if alpha > 0 {
                    let color = a00 * Int(px[i]) + a10 * Int(px[i + 1]) + a01 * Int(px[i + stride])
                        + a11 * Int(px[i + stride + 1])
                    row[x] = S(truncatingIfNeeded: (Int(row[x]) * ((1 << 32) - alpha * o) + color * o + (1 << 31)) >> 32)
                }
                x += 1
                sx += m.a
                sy += m.d
            }
        } else if o == 256 {
            // Wrapping operations, in 32 bits where the sums are: `top` and `bottom` ≤ S.max·256 and the sum
            // ≤ S.max·2¹⁶ + 2¹⁵ < 2³² for 16-bit samples; the positions stay inside the plane (the run above). The
            // trap checks and the 64-bit products cost this loop a third of its time.
            let a = m.a, d = m.d, count = end - x
            for k in 0..<count {
                let fx = UInt32(truncatingIfNeeded: sx &>> 8) & 255, fy = UInt32(truncatingIfNeeded: sy &>> 8) & 255
                let p = px + ((sy &>> 16) &* stride &+ (sx &>> 16))
                // `a(256 − f) + b·f` as `256a + (b − a)·f`: one product fewer per blend, and the same value, since
                // wrapping arithmetic is exact whenever the true result fits (it does: the sums above).
                let p00 = UInt32(p[0]), p01 = UInt32(p[stride])
                let top = p00 &<< 8 &+ (UInt32(p[1]) &- p00) &* fx
                let bottom = p01 &<< 8 &+ (UInt32(p[stride &+ 1]) &- p01) &* fx
                row[x &+ k] = S(truncatingIfNeeded: (top &<< 8 &+ (bottom &- top) &* fy &+ 32768) &>> 16)
                sx = sx &+ a
                sy = sy &+ d
            }
            x = end
        } else {
            let keep = (1 << 32) - (1 << 24) * o
            while x < end {
                let ix = sx >> 16, iy = sy >> 16
                let fx = (sx >> 8) & 255, fy = (sy >> 8) & 255, p = px + (iy * stride + ix)
                let top = Int(p[0]) * (256 - fx) + Int(p[1]) * fx
                let bottom = Int(p[stride]) * (256 - fx) + Int(p[stride + 1]) * fx
                let sum = top * (256 - fy) + bottom * fy
                row[x] = S(truncatingIfNeeded: (Int(row[x]) * keep + (sum << 8) * o + (1 << 31)) >> 32)
                x += 1
                sx += m.a
                sy += m.d
            }
        }
        return x - start
    }

    /// How many of the positions `pos + k·step` (k = 0, 1, …; 16.16 fixed point) have their integer part in
    /// `lo…hi`, given that the first one does: the run ends where the position leaves the range, never to return.
    @inline(__always)
    static func steps(_ pos: Int, _ step: Int, lo: Int, hi: Int) -> Int {
        if step > 0 { return ((hi + 1) << 16 - 1 - pos) / step + 1 }
        if step < 0 { return (pos - lo << 16) / -step + 1 }
        return Int.max
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
