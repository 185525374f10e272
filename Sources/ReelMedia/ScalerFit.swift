/// Where a source picture lands inside the render frame when fitted without distortion.
///
/// **Rounding.** With the displayed source size `dw × dh` (stored size × sample aspect ratio,
/// swapped for 90°/270° rotations) and the render size `W × H`:
/// - when `dw · H ≥ dh · W` the picture spans the full width, `width = W`, and
///   `height = evenRound(W · dh / dw)`; otherwise `height = H` and `width = evenRound(H · dw / dh)`,
///   where `evenRound(x)` is the nearest even integer, ties upward, clamped to `2 … W` (or `H`);
/// - the left and top bars are `floor((W − width) / 2)` and `floor((H − height) / 2)`, each rounded
///   down to an even number, so chroma samples stay aligned in 4:2:0; any odd remainder goes to
///   the right and bottom bars.
/// Example: 320x240 (4:3) into 640x360 gives a 480x360 picture at x = 80 with 80-pixel bars.
struct ScalerFit: Hashable, Sendable {
    let x: Int, y: Int, width: Int, height: Int

    /// - Parameters:
    ///   - sourceWidth, sourceHeight: the stored picture size.
    ///   - sampleAspect: the pixel aspect ratio `num / den` (1:1 when unknown or invalid).
    ///   - rotation: clockwise degrees applied for display (0, 90, 180, 270).
    ///   - width, height: the render size.
    init(sourceWidth: Int, sourceHeight: Int, sampleAspect: (num: Int, den: Int) = (1, 1), rotation: Int,
         width: Int, height: Int) {
        let sar: (num: Int, den: Int) = sampleAspect.num > 0 && sampleAspect.den > 0 ? sampleAspect : (1, 1)
        var dw = Int128(sourceWidth) * Int128(sar.num), dh = Int128(sourceHeight) * Int128(sar.den)
        if rotation == 90 || rotation == 270 { swap(&dw, &dh) }
        let W = Int128(width), H = Int128(height)
        var w = width, h = height
        if dw * H >= dh * W {
            h = ScalerFit.evenRound(W * dh, dw, limit: height)
        } else {
            w = ScalerFit.evenRound(H * dw, dh, limit: width)
        }
        self.width = w
        self.height = h
        self.x = ((width - w) / 2) & ~1
        self.y = ((height - h) / 2) & ~1
    }

    /// The nearest even integer to `n / d`, ties upward, clamped to `min(2, limit) … limit`.
    static func evenRound(_ n: Int128, _ d: Int128, limit: Int) -> Int {
        let even = Int(2 * ((n + d) / (2 * d)))
        return min(max(even, min(2, limit)), limit)
    }
}
