internal import CFFmpeg
import ReelModel

/// Converts limited-range 8-bit yuv420p pictures coded with the BT.601 matrix to the BT.709 matrix the
/// output uses, in the YUV domain (what FFmpeg's `colormatrix=bt601:bt709` does).
///
/// swscale converts ranges but not YUV matrices, so `Scaler` scales a BT.601 source as it is and this
/// pass rewrites its coefficients. The combined matrix `M709 · M601⁻¹` is worked out once in `Double`
/// and applied in 16.16 fixed point, so the result is the same on every CPU. Each luma sample uses the
/// chroma of its 2×2 block; each chroma sample uses the block's mean luma. Neutral pixels (black bars,
/// greys) map onto themselves.
struct ColorMatrix: Sendable {
    /// Rows for Y, U, V: coefficients of (y − 16), (u − 128), (v − 128), in 1/65536.
    let rows: [[Int]]

    /// BT.601 → BT.709, limited range.
    static let bt601To709 = ColorMatrix(from: (LumaWeights.bt601.kr, LumaWeights.bt601.kb),
                                         to: (LumaWeights.bt709.kr, LumaWeights.bt709.kb))

    /// The matrix from YUV with luma weights `from` (Kr, Kb) to YUV with weights `to`.
    init(from: (kr: Double, kb: Double), to: (kr: Double, kb: Double)) {
        // Normalised: y ∈ [0, 1] over 219 steps, u and v ∈ [−0.5, 0.5] over 224 steps.
        func decode(_ k: (kr: Double, kb: Double)) -> [[Double]] {
            let kg = 1 - k.kr - k.kb
            return [[1, 0, 2 * (1 - k.kr)],
                    [1, -2 * (1 - k.kb) * k.kb / kg, -2 * (1 - k.kr) * k.kr / kg],
                    [1, 2 * (1 - k.kb), 0]]
        }
        func encode(_ k: (kr: Double, kb: Double)) -> [[Double]] {
            let kg = 1 - k.kr - k.kb
            return [[k.kr, kg, k.kb],
                    [-k.kr / (2 * (1 - k.kb)), -kg / (2 * (1 - k.kb)), 0.5],
                    [0.5, -kg / (2 * (1 - k.kr)), -k.kb / (2 * (1 - k.kr))]]
        }
        let d = decode(from), e = encode(to)
        var m = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 { for j in 0..<3 { m[i][j] = (0..<3).reduce(0) { $0 + e[i][$1] * d[$1][j] } } }
        // Back to code values: y scales by 219, u and v by 224.
        let scale = [219.0, 224, 224]
        rows = (0..<3).map { i in (0..<3).map { j in Int((m[i][j] * scale[i] / scale[j] * 65536).rounded()) } }
    }

    /// Rewrites `frame` in place.
    func apply(to frame: inout PlanarFrame) {
        let w = frame.width, h = frame.height, cw = frame.chromaWidth, ch = frame.chromaHeight
        for cy in 0..<ch {
            for cx in 0..<cw {
                let u = Int(frame.u[cy * cw + cx]) - 128, v = Int(frame.v[cy * cw + cx]) - 128
                var sum = 0, count = 0
                for y in (2 * cy)..<min(h, 2 * cy + 2) {
                    for x in (2 * cx)..<min(w, 2 * cx + 2) {
                        let l = Int(frame.y[y * w + x]) - 16
                        sum += l
                        count += 1
                        frame.y[y * w + x] = Self.clip(16 + Self.mix(rows[0], l, u, v))
                    }
                }
                let mean = count > 0 ? (2 * sum + count) / (2 * count) : 0
                frame.u[cy * cw + cx] = Self.clip(128 + Self.mix(rows[1], mean, u, v))
                frame.v[cy * cw + cx] = Self.clip(128 + Self.mix(rows[2], mean, u, v))
            }
        }
    }

    /// `row · (y, u, v)` rounded to the nearest integer.
    static func mix(_ row: [Int], _ y: Int, _ u: Int, _ v: Int) -> Int {
        (row[0] * y + row[1] * u + row[2] * v + 32768) >> 16
    }

    static func clip(_ x: Int) -> UInt8 { UInt8(max(0, min(255, x))) }

    /// The conversion a decoded frame needs: a Y′CbCr picture whose matrix is BT.601, by its tags or, untagged, by
    /// the untagged rule (`ColorDescription.assumed`: SD sizes), gets `bt601To709`, so the 8-bit path reads a source
    /// as `reel probe` says. RGB, palette and grey pictures are turned into BT.709 Y′CbCr by swscale itself.
    static func needed(for f: UnsafeMutablePointer<AVFrame>) -> ColorMatrix? {
        let name = av_get_pix_fmt_name(AVPixelFormat(rawValue: f.pointee.format)).map { String(cString: $0) }
        guard ColorDescription.storesYCbCr(name) else { return nil }
        let tags = ColorTags(space: f.pointee.colorspace, range: f.pointee.color_range,
                             primaries: f.pointee.color_primaries, transfer: f.pointee.color_trc)
        let read = ColorDescription.assumed(width: Int(f.pointee.width), height: Int(f.pointee.height),
                                            pixelFormat: name, tags: tags)
        return read.matrix == .bt601 ? bt601To709 : nil
    }
}
