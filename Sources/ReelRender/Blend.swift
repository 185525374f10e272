/// The pixel kernels: plain scalar loops over raw pointers that the compiler auto-vectorises
/// (32-bit lanes). No per-pixel method calls, no `SIMD` types.
///
/// Generic over the sample type `S` (`UInt8` for the 8-bit path, `UInt16` for `DeepFrame`); every caller
/// is generic over `PlanarPicture` down from a concrete entry point in this module, so each kernel is
/// specialised and the 8-bit loops are the ones they were before.
/// Arithmetic is checked, in 32 bits (no `&+`, `&*`): nothing here is meant to wrap, so an overflow or a
/// negative weight is a bug and traps. 16-bit samples fit too: `65535·256 + 128 < 2³²`. The one narrowing,
/// `S(truncatingIfNeeded: x >> 8)`, never drops a bit: with weights in 0…256, `x ≤ S.max·256 + 128`, so
/// `x >> 8 ≤ S.max` (a checked `S(_:)` there stops the loop from vectorising, 4–6× slower).
///
/// Rounding, used everywhere: a weight `w` in 0…256 mixes `a` towards `b` as
/// `(a·(256 − w) + b·w + 128) >> 8`, so `w = 0` gives `a` and `w = 256` gives `b` exactly,
/// and results are bit-exact on every machine.
enum Blend {
    /// `out[i] = (a[i]·(256 − w) + b[i]·w + 128) >> 8` for `i < count`. `out` must not overlap `a` or `b`.
    @inline(__always)
    static func mix<S: FixedWidthInteger & UnsignedInteger>(_ a: UnsafePointer<S>, _ b: UnsafePointer<S>,
                                                            into out: UnsafeMutablePointer<S>, count: Int, weight w: Int) {
        let (wa, wb) = weights(w)
        for i in 0..<count {
            let x = UInt32(a[i]) * wa + UInt32(b[i]) * wb + 128
            out[i] = S(truncatingIfNeeded: x >> 8)
        }
    }

    /// `dst[i] = (dst[i]·(256 − w) + b[i]·w + 128) >> 8` for `i < count`: `b` laid over `dst` with weight `w`.
    @inline(__always)
    static func mixInPlace<S: FixedWidthInteger & UnsignedInteger>(_ dst: UnsafeMutablePointer<S>, with b: UnsafePointer<S>,
                                                                   count: Int, weight w: Int) {
        let (wa, wb) = weights(w)
        for i in 0..<count {
            let x = UInt32(dst[i]) * wa + UInt32(b[i]) * wb + 128
            dst[i] = S(truncatingIfNeeded: x >> 8)
        }
    }

    /// Alpha-blends `src` over `dst` with a per-pixel alpha (0…255) scaled by `opacity` (0…256).
    ///
    /// `a' = (alpha·opacity + 128) >> 8`, then `w = a' + (a' >> 7)` maps 0…255 onto 0…256
    /// (255 → 256, fully opaque), then the usual `(d·(256 − w) + s·w + 128) >> 8`.
    @inline(__always)
    static func alphaBlend<S: FixedWidthInteger & UnsignedInteger>(_ dst: UnsafeMutablePointer<S>, _ src: UnsafePointer<S>,
                                                                   alpha: UnsafePointer<UInt8>, count: Int, opacity: Int) {
        let o = weights(opacity).b
        for i in 0..<count {
            let a1 = (UInt32(alpha[i]) * o + 128) >> 8
            let w = a1 + (a1 >> 7)
            let x = UInt32(dst[i]) * (256 - w) + UInt32(src[i]) * w + 128
            dst[i] = S(truncatingIfNeeded: x >> 8)
        }
    }

    /// `(256 − w, w)`; `w` must lie in 0…256. (The `UInt16` hop tells the optimiser each fits in 16 bits.)
    @inline(__always)
    static func weights(_ w: Int) -> (a: UInt32, b: UInt32) {
        precondition(w >= 0 && w <= 256, "blend weight \(w) is outside 0…256")
        return (UInt32(UInt16(256 - w)), UInt32(UInt16(w)))
    }

    /// Copies `count` samples.
    @inline(__always)
    static func copy<S>(_ src: UnsafePointer<S>, into dst: UnsafeMutablePointer<S>, count: Int) {
        guard count > 0 else { return }
        dst.update(from: src, count: count)
    }
}
