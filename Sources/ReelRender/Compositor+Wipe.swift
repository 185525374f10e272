import ReelMedia
import ReelModel

/// The wipe (xfade `wipedown`): B is revealed from the top, A's crop shrinks to nothing at the bottom.
extension Compositor {
    static func wipe<P: PlanarPicture>(_ a: P?, _ b: P?, _ progress: Rational, _ output: inout P) {
        let lumaHeight = output.height
        let rows = TransitionGeometry.wipeRows(progress, height: lumaHeight)
        forEachPlane(&output, a, b) { out, pa, pb, width, height, plane in
            let full = isFullResolution(plane, P.self)
            if full || rows == 0 || rows == lumaHeight {
                let r = full ? rows : (rows == 0 ? 0 : height)
                wipeBlock(out, pa, pb, width: width, height: height, rows: r)
            } else {
                wipeChroma(out, pa, pb, width: width, height: height, lumaRows: rows)
            }
        }
    }

    /// Rows `[0, rows)` from `b`, the rest from `a`; a nil side leaves the output as it is.
    static func wipeBlock<S>(_ out: UnsafeMutablePointer<S>, _ a: UnsafePointer<S>?, _ b: UnsafePointer<S>?,
                             width: Int, height: Int, rows: Int) {
        if let b { Blend.copy(b, into: out, count: rows * width) }
        if let a { Blend.copy(a + rows * width, into: out + rows * width, count: (height - rows) * width) }
    }

    /// 4:2:0 chroma for `0 < lumaRows < H`: whole chroma rows from B then A; an odd luma edge splits a
    /// chroma row, which becomes the average of B's and A's rows there.
    static func wipeChroma<S: FixedWidthInteger & UnsignedInteger>(
        _ out: UnsafeMutablePointer<S>, _ a: UnsafePointer<S>?, _ b: UnsafePointer<S>?,
        width: Int, height: Int, lumaRows: Int
    ) {
        let endB = lumaRows / 2, startA = (lumaRows + 1) / 2
        if let b { Blend.copy(b, into: out, count: endB * width) }
        if let a { Blend.copy(a + startA * width, into: out + startA * width, count: (height - startA) * width) }
        guard lumaRows & 1 == 1 else { return }
        let o = out + endB * width
        let rb = b.map { UnsafePointer($0 + endB * width) } ?? UnsafePointer(o)
        let ra = a.map { UnsafePointer($0 + endB * width) } ?? UnsafePointer(o)
        for x in 0..<width { o[x] = average(rb[x], ra[x]) }
    }
}
