import ReelModel

/// A rasterised title converted once to limited-range Y′CbCr with alpha, ready to blend, with samples of
/// type `S` and chroma subsampled by `2^chromaShift` (the picture's, `PlanarPicture`).
///
/// Width and height are even (padded with transparent pixels) and the title is always placed at even
/// frame coordinates, so each 2×2 luma block lines up with one 4:2:0 chroma sample. In 4:2:0 chroma alpha
/// is the average of the block's four alphas (rounded) and chroma values are the alpha-weighted average of
/// the block's four pixels (neutral where the block is fully transparent); in 4:4:4 chroma is per pixel
/// and chroma alpha is the alpha. Alpha stays 8-bit: it comes from 8-bit RGBA, and `Blend.alphaBlend`
/// weighs with it at 1/256 steps whatever the sample depth.
struct TitleRaster<S: FixedWidthInteger & UnsignedInteger & Sendable>: Sendable, Hashable {
    let width: Int
    let height: Int
    let chromaShift: Int
    var y: [S]
    var alpha: [UInt8]
    var u: [S]
    var v: [S]
    var chromaAlpha: [UInt8]

    var chromaWidth: Int { width >> chromaShift }
    var chromaHeight: Int { height >> chromaShift }

    /// Converts a non-premultiplied RGBA picture (`width × height`, 4 bytes a pixel) in the working
    /// colour `colour` (`ColorConversion.yuv(r:g:b:as:in:)`).
    init(rgba: [UInt8], width: Int, height: Int, chromaShift: Int, colour: ColorDescription) {
        let w = (width + 1) & ~1, h = (height + 1) & ~1
        let black = ColorConversion.yuv(r: 0, g: 0, b: 0, as: S.self, in: colour)
        self.width = w
        self.height = h
        self.chromaShift = chromaShift
        var y = [S](repeating: black.y, count: w * h), alpha = [UInt8](repeating: 0, count: w * h)
        var u = [S](repeating: black.u, count: w * h), v = [S](repeating: black.v, count: w * h)
        var cache: [UInt32: (y: S, u: S, v: S)] = [:]
        for row in 0..<height {
            for col in 0..<width {
                let s = (row * width + col) * 4, d = row * w + col
                guard rgba[s + 3] > 0 else { continue }
                let key = UInt32(rgba[s]) << 16 | UInt32(rgba[s + 1]) << 8 | UInt32(rgba[s + 2])
                let c = cache[key] ?? ColorConversion.yuv(r: rgba[s], g: rgba[s + 1], b: rgba[s + 2], as: S.self, in: colour)
                cache[key] = c
                y[d] = c.y; u[d] = c.u; v[d] = c.v; alpha[d] = rgba[s + 3]
            }
        }
        self.y = y
        self.alpha = alpha
        if chromaShift == 0 {
            (self.u, self.v, self.chromaAlpha) = (u, v, alpha)
        } else {
            (self.u, self.v, self.chromaAlpha) = Self.subsample(u, v, alpha, neutral: black.u, width: w, height: h)
        }
    }

    /// Averages each 2×2 block: alpha plainly, chroma weighted by alpha.
    private static func subsample(_ u: [S], _ v: [S], _ alpha: [UInt8], neutral: S, width: Int, height: Int)
        -> ([S], [S], [UInt8]) {
        let cw = width / 2, ch = height / 2
        var cu = [S](repeating: neutral, count: cw * ch), cv = cu, ca = [UInt8](repeating: 0, count: cw * ch)
        for row in 0..<ch {
            for col in 0..<cw {
                let i = 2 * row * width + 2 * col
                let block = [i, i + 1, i + width, i + width + 1]
                let sum = block.reduce(0) { $0 + Int(alpha[$1]) }
                let c = row * cw + col
                ca[c] = UInt8((sum + 2) / 4)
                guard sum > 0 else { continue }
                let su = block.reduce(0) { $0 + Int(u[$1]) * Int(alpha[$1]) }
                let sv = block.reduce(0) { $0 + Int(v[$1]) * Int(alpha[$1]) }
                cu[c] = S((su + sum / 2) / sum)
                cv[c] = S((sv + sum / 2) / sum)
            }
        }
        return (cu, cv, ca)
    }
}
