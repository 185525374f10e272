/// The pixel kernels: plain scalar loops over raw pointers that the compiler auto-vectorises
/// (16-bit lanes; every intermediate fits in `UInt16`). No per-pixel method calls, no `SIMD` types.
///
/// Rounding, used everywhere: a weight `w` in 0…256 mixes `a` towards `b` as
/// `(a·(256 − w) + b·w + 128) >> 8`, so `w = 0` gives `a` and `w = 256` gives `b` exactly,
/// and results are bit-exact on every machine.
enum Blend {
    /// `out[i] = (a[i]·(256 − w) + b[i]·w + 128) >> 8` for `i < count`. `out` must not overlap `a` or `b`.
    @inline(__always)
    static func mix(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
                    count: Int, weight w: Int) {
        let wb = UInt16(truncatingIfNeeded: w), wa = UInt16(truncatingIfNeeded: 256 - w)
        for i in 0..<count {
            let x = UInt16(a[i]) &* wa &+ UInt16(b[i]) &* wb &+ 128
            out[i] = UInt8(truncatingIfNeeded: x &>> 8)
        }
    }

    /// `dst[i] = (dst[i]·(256 − w) + b[i]·w + 128) >> 8` for `i < count`: `b` laid over `dst` with weight `w`.
    @inline(__always)
    static func mixInPlace(_ dst: UnsafeMutablePointer<UInt8>, with b: UnsafePointer<UInt8>, count: Int, weight w: Int) {
        let wb = UInt16(truncatingIfNeeded: w), wa = UInt16(truncatingIfNeeded: 256 - w)
        for i in 0..<count {
            let x = UInt16(dst[i]) &* wa &+ UInt16(b[i]) &* wb &+ 128
            dst[i] = UInt8(truncatingIfNeeded: x &>> 8)
        }
    }

    /// Alpha-blends `src` over `dst` with a per-pixel alpha (0…255) scaled by `opacity` (0…256).
    ///
    /// `a' = (alpha·opacity + 128) >> 8`, then `w = a' + (a' >> 7)` maps 0…255 onto 0…256
    /// (255 → 256, fully opaque), then the usual `(d·(256 − w) + s·w + 128) >> 8`.
    @inline(__always)
    static func alphaBlend(_ dst: UnsafeMutablePointer<UInt8>, _ src: UnsafePointer<UInt8>,
                           alpha: UnsafePointer<UInt8>, count: Int, opacity: Int) {
        let o = UInt16(truncatingIfNeeded: opacity)
        for i in 0..<count {
            let a1 = (UInt16(alpha[i]) &* o &+ 128) &>> 8
            let w = a1 &+ (a1 &>> 7)
            let x = UInt16(dst[i]) &* (256 &- w) &+ UInt16(src[i]) &* w &+ 128
            dst[i] = UInt8(truncatingIfNeeded: x &>> 8)
        }
    }

    /// Copies `count` bytes.
    @inline(__always)
    static func copy(_ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        dst.update(from: src, count: count)
    }
}
