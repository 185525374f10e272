/// The prefilter for layers scaled down: at half size or less, bilinear sampling alone skips source
/// pixels and aliases, so the source is first reduced by `r` (2, 4 or 8: the largest power of two with
/// `scale · r ≤ 1`) with 2×2 box means, then sampled bilinearly at `scale · r` (a mipmap level).
enum LayerReduction {
    /// `r` for a layer at `scale`: 1 above ½, at most 8.
    static func factor(scale: Double) -> Int {
        var r = 1
        while r < 8 && scale * Double(r * 2) <= 1 { r *= 2 }
        return r
    }

    /// The plane reduced by `r` (a power of two) as repeated 2×2 means, each rounded half up; a right
    /// or bottom remainder too narrow for a block is left out. The result is `⌊w/r⌋ × ⌊h/r⌋`.
    static func box<S: FixedWidthInteger & UnsignedInteger>(_ src: UnsafePointer<S>, width w: Int, height h: Int,
                                                            by r: Int) -> [S] {
        var plane = half(src, width: w, height: h)
        var (pw, ph, k) = (w / 2, h / 2, 2)
        while k < r {
            plane = plane.withUnsafeBufferPointer { half($0.baseAddress!, width: pw, height: ph) }
            (pw, ph, k) = (pw / 2, ph / 2, k * 2)
        }
        return plane
    }

    /// One 2×2 reduction: `(a + b + c + d + 2) >> 2`.
    static func half<S: FixedWidthInteger & UnsignedInteger>(_ src: UnsafePointer<S>, width w: Int, height h: Int) -> [S] {
        let hw = w / 2, hh = h / 2
        var out = [S](repeating: 0, count: hw * hh)
        guard hw > 0, hh > 0 else { return out }
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<hh {
                let top = src + 2 * y * w, bottom = top + w, row = dst.baseAddress! + y * hw
                for x in 0..<hw {
                    let s = UInt32(top[2 * x]) + UInt32(top[2 * x + 1]) + UInt32(bottom[2 * x]) + UInt32(bottom[2 * x + 1]) + 2
                    row[x] = S(truncatingIfNeeded: s >> 2)
                }
            }
        }
        return out
    }

    static func withOptional<S>(_ array: [S]?, _ body: (UnsafePointer<S>?) -> Void) {
        guard let array else { return body(nil) }
        array.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
