import ReelMedia
import ReelModel

/// Independent references for tests (never linked into `reel`).
///
/// The transitions' geometry at exact progress `p = j/n`, written out sample by sample in plain integer
/// arithmetic, independently of ReelRender's kernels: what frame `j` of an `n`-frame transition from A
/// to B must show. Even widths and heights only (4:2:0 chroma then covers whole luma pairs).
///
/// - dissolve: `w = round(256·j/n)`, half up; every sample is `(a·(256 − w) + b·w + 128) >> 8`.
/// - push: `L = ceil(W·j/n)`. Output luma column `x` shows column `x + L` of the strip "A then B"
///   (A's column `x + L` while `x + L < W`, else B's column `x + L − W`).
/// - wipe: `R = ceil(H·j/n)`. Luma rows `[0, R)` show B, the rest A.
/// - chroma: the luma rule applied to chroma upsampled ×2 (nearest), then averaged back in pairs,
///   `(s0 + s1 + 1) >> 1`.
public enum TransitionOracle {
    /// Frame `j` of an `n`-frame `kind` transition from `a` to `b` (`j = n` gives `b`; a cut is `b`).
    public static func frame(_ kind: TransitionKind, _ a: PlanarFrame, _ b: PlanarFrame, j: Int, n: Int) -> PlanarFrame {
        precondition(a.width % 2 == 0 && a.height % 2 == 0 && 0 <= j && j <= n && n > 0)
        switch kind {
        case .dissolve: return dissolve(a, b, weight: (512 * j + n) / (2 * n))
        case .push: return push(a, b, shift: (a.width * j + n - 1) / n)
        case .wipe: return wipe(a, b, rows: (a.height * j + n - 1) / n)
        case .cut: return b
        }
    }

    static func dissolve(_ a: PlanarFrame, _ b: PlanarFrame, weight w: Int) -> PlanarFrame {
        func mix(_ pa: [UInt8], _ pb: [UInt8]) -> [UInt8] {
            zip(pa, pb).map { x, y in UInt8((Int(x) * (256 - w) + Int(y) * w + 128) >> 8) }
        }
        return PlanarFrame(width: a.width, height: a.height, y: mix(a.y, b.y), u: mix(a.u, b.u), v: mix(a.v, b.v))
    }

    static func push(_ a: PlanarFrame, _ b: PlanarFrame, shift: Int) -> PlanarFrame {
        let w = a.width
        // Luma column `x` of the strip "A then B" (width 2W), and its nearest-upsampled chroma.
        func luma(_ x: Int, _ row: Int) -> UInt8 { x < w ? a.y[row * w + x] : b.y[row * w + x - w] }
        func chroma(_ pa: [UInt8], _ pb: [UInt8], _ x: Int, _ row: Int) -> Int {
            let cw = w / 2
            return Int(x < w ? pa[row * cw + x / 2] : pb[row * cw + (x - w) / 2])
        }
        let y = (0..<w * a.height).map { luma($0 % w + shift, $0 / w) }
        func plane(_ pa: [UInt8], _ pb: [UInt8]) -> [UInt8] {
            let cw = w / 2
            return (0..<pa.count).map { i in
                let k = i % cw, row = i / cw
                return UInt8((chroma(pa, pb, 2 * k + shift, row) + chroma(pa, pb, 2 * k + 1 + shift, row) + 1) >> 1)
            }
        }
        return PlanarFrame(width: w, height: a.height, y: y, u: plane(a.u, b.u), v: plane(a.v, b.v))
    }

    static func wipe(_ a: PlanarFrame, _ b: PlanarFrame, rows: Int) -> PlanarFrame {
        let w = a.width
        let y = (0..<w * a.height).map { $0 / w < rows ? b.y[$0] : a.y[$0] }
        func plane(_ pa: [UInt8], _ pb: [UInt8]) -> [UInt8] {
            let cw = w / 2
            // Upsampled row `r` comes from chroma row `r / 2` of B above the edge, of A below it.
            func sample(_ r: Int, _ k: Int) -> Int { Int(r < rows ? pb[(r / 2) * cw + k] : pa[(r / 2) * cw + k]) }
            return (0..<pa.count).map { i in
                let k = i % cw, row = i / cw
                return UInt8((sample(2 * row, k) + sample(2 * row + 1, k) + 1) >> 1)
            }
        }
        return PlanarFrame(width: w, height: a.height, y: y, u: plane(a.u, b.u), v: plane(a.v, b.v))
    }

    /// Where two frames first differ ("plane Y x 3 y 0: 17 ≠ 18"), or nil when they are equal.
    public static func firstDifference(_ got: PlanarFrame, _ want: PlanarFrame) -> String? {
        for (name, p, q, w) in [("Y", got.y, want.y, got.width), ("U", got.u, want.u, got.chromaWidth),
                                ("V", got.v, want.v, got.chromaWidth)] {
            if let i = p.indices.first(where: { p[$0] != q[$0] }) {
                return "plane \(name) x \(i % w) y \(i / w): \(p[i]) ≠ \(q[i])"
            }
        }
        return nil
    }
}
