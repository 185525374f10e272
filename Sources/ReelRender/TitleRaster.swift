/// A rasterised title converted once to BT.709 limited-range Y′CbCr with alpha, ready to blend.
///
/// Width and height are even (padded with transparent pixels) and the title is always placed at even
/// frame coordinates, so each 2×2 luma block lines up with one 4:2:0 chroma sample. Chroma alpha is the
/// average of the block's four alphas (rounded); chroma values are the alpha-weighted average of the
/// block's four pixels (128 where the block is fully transparent).
struct TitleRaster: Sendable, Hashable {
    let width: Int
    let height: Int
    var y: [UInt8]
    var alpha: [UInt8]
    var u: [UInt8]
    var v: [UInt8]
    var chromaAlpha: [UInt8]

    var chromaWidth: Int { width / 2 }
    var chromaHeight: Int { height / 2 }

    /// Converts a non-premultiplied RGBA picture (`width × height`, 4 bytes a pixel).
    init(rgba: [UInt8], width: Int, height: Int) {
        let w = (width + 1) & ~1, h = (height + 1) & ~1
        self.width = w
        self.height = h
        var y = [UInt8](repeating: 16, count: w * h), alpha = [UInt8](repeating: 0, count: w * h)
        var u = [UInt8](repeating: 128, count: w * h), v = [UInt8](repeating: 128, count: w * h)
        var cache: [UInt32: (y: UInt8, u: UInt8, v: UInt8)] = [:]
        for row in 0..<height {
            for col in 0..<width {
                let s = (row * width + col) * 4, d = row * w + col
                guard rgba[s + 3] > 0 else { continue }
                let key = UInt32(rgba[s]) << 16 | UInt32(rgba[s + 1]) << 8 | UInt32(rgba[s + 2])
                let c = cache[key] ?? ColorConversion.yuv(r: rgba[s], g: rgba[s + 1], b: rgba[s + 2])
                cache[key] = c
                y[d] = c.y; u[d] = c.u; v[d] = c.v; alpha[d] = rgba[s + 3]
            }
        }
        self.y = y
        self.alpha = alpha
        (self.u, self.v, self.chromaAlpha) = Self.subsample(u, v, alpha, width: w, height: h)
    }

    /// Averages each 2×2 block: alpha plainly, chroma weighted by alpha.
    private static func subsample(_ u: [UInt8], _ v: [UInt8], _ alpha: [UInt8], width: Int, height: Int)
        -> ([UInt8], [UInt8], [UInt8]) {
        let cw = width / 2, ch = height / 2
        var cu = [UInt8](repeating: 128, count: cw * ch), cv = cu, ca = [UInt8](repeating: 0, count: cw * ch)
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
                cu[c] = UInt8((su + sum / 2) / sum)
                cv[c] = UInt8((sv + sum / 2) / sum)
            }
        }
        return (cu, cv, ca)
    }
}
