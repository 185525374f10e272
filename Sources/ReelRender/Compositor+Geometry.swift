import ReelModel

/// The integer geometry and weights of transitions, computed from a rational progress `p`
/// (0 at the first transition frame, `j/n` at frame `j` of `n`, clamped to 0…1), in exact integer
/// arithmetic. At `p = 0` every transition shows the outgoing picture and nothing else.
///
/// The conventions are FFmpeg `xfade`'s (`fade`, `slideleft`, `wipedown`), at exact progress:
///
/// - **Dissolve**: weight `w = round(p · 256)` (exact, half up); result `(a·(256 − w) + b·w + 128) >> 8`.
///   (xfade computes `a·q + b·(1 − q)` in float and truncates; the two differ by at most one level.)
/// - **Push** (`slideleft`): shift `L = ceil(p · W)`. A moves left by `L`; B's left edge sits at `W − L`.
/// - **Wipe** (`wipedown`): rows `[0, R)` show B with `R = ceil(p · H)`.
///
/// xfade derives its progress from timestamps in single precision (`q = 1 − p` as a `float`, then
/// `trunc(q · W)`), so its edge can sit one column or row away from the exact one, and its first push
/// frame is already moved by a pixel; Reel does not copy that.
///
/// Chroma (4:2:0) follows the luma geometry exactly, as if chroma were upsampled, moved by the luma
/// amount and box-filtered back: an odd luma shift averages neighbouring chroma samples
/// (`(x + y + 1) >> 1`). xfade itself runs in 4:4:4, so its 4:2:0 output went through a chroma
/// round trip and differs a little there.
enum TransitionGeometry {
    /// `progress` clamped to 0…1 as an exact fraction `(n, d)` with `d > 0`.
    static func clamped(_ progress: Rational) -> (n: Int128, d: Int128) {
        if progress.numerator <= 0 { return (0, 1) }
        if progress.numerator >= progress.denominator { return (1, 1) }
        return (Int128(progress.numerator), Int128(progress.denominator))
    }

    /// The dissolve weight of the incoming picture, `round(p · 256)` in 0…256, half rounded up.
    static func dissolveWeight(_ progress: Rational) -> Int {
        let (n, d) = clamped(progress)
        return Int((n * 512 + d) / (2 * d))
    }

    /// The push shift in luma pixels, `ceil(p · W)`, in 0…width.
    static func pushShift(_ progress: Rational, width: Int) -> Int {
        ceilOfProgress(progress, times: width)
    }

    /// The number of luma rows the wipe has revealed, `ceil(p · H)`, in 0…height.
    static func wipeRows(_ progress: Rational, height: Int) -> Int {
        ceilOfProgress(progress, times: height)
    }

    /// `ceil(p · size)` for `p` clamped to 0…1.
    static func ceilOfProgress(_ progress: Rational, times size: Int) -> Int {
        let (n, d) = clamped(progress)
        return Int((n * Int128(size) + d - 1) / d)
    }
}
