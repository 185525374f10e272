import ReelMedia
import ReelModel

/// The push (xfade `slideleft`): A moves left by `L` luma pixels and B enters from the right.
extension Compositor {
    static func push<P: PlanarPicture>(_ a: P?, _ b: P?, _ progress: Rational, _ output: inout P) {
        let lumaWidth = output.width
        let shift = TransitionGeometry.pushShift(progress, width: lumaWidth)
        forEachPlane(&output, a, b) { out, pa, pb, width, height, plane in
            for row in 0..<height {
                let o = out + row * width
                let ra = pa.map { $0 + row * width }, rb = pb.map { $0 + row * width }
                if isFullResolution(plane, P.self) {
                    pushRow(o, ra, rb, width: width, shift: shift)
                } else if shift == 0 || shift == lumaWidth {
                    pushRow(o, ra, rb, width: width, shift: shift == 0 ? 0 : width)
                } else {
                    pushChromaRow(o, ra, rb, width: width, lumaWidth: lumaWidth, shift: shift)
                }
            }
        }
    }

    /// One row shifted by whole samples: `out[0 ..< w − s] = a[s ..< w]`, `out[w − s ..< w] = b[0 ..< s]`.
    static func pushRow<S>(_ out: UnsafeMutablePointer<S>, _ a: UnsafePointer<S>?, _ b: UnsafePointer<S>?,
                           width: Int, shift: Int) {
        if let a { Blend.copy(a + shift, into: out, count: width - shift) }
        if let b { Blend.copy(b, into: out + (width - shift), count: shift) }
    }

    /// One 4:2:0 chroma row for a luma shift `0 < shift < lumaWidth`: the row upsampled ×2 (nearest), shifted
    /// by `shift`, box-filtered back. A nil side keeps the output's own samples (transparent).
    static func pushChromaRow<S: FixedWidthInteger & UnsignedInteger>(
        _ out: UnsafeMutablePointer<S>, _ a: UnsafePointer<S>?, _ b: UnsafePointer<S>?,
        width: Int, lumaWidth: Int, shift: Int
    ) {
        let edge = lumaWidth - shift                   // first luma column showing B
        let endA = edge / 2, startB = (edge + 1) / 2   // chroma columns wholly A, wholly B
        if let a {
            let h = shift / 2
            if shift & 1 == 0 {
                Blend.copy(a + h, into: out, count: endA)
            } else {
                for k in 0..<endA { out[k] = average(a[k + h], a[k + h + 1]) }
            }
        }
        if edge & 1 == 1 {
            let left = a.map { $0[(lumaWidth - 1) / 2] } ?? out[endA]
            let right = b.map { $0[0] } ?? out[endA]
            out[endA] = average(left, right)
        }
        if let b {
            if edge & 1 == 0 {
                Blend.copy(b, into: out + startB, count: width - startB)
            } else {
                for k in startB..<width { out[k] = average(b[k - startB], b[k - startB + 1]) }
            }
        }
    }

    /// `(x + y + 1) >> 1`.
    @inline(__always)
    static func average<S: FixedWidthInteger & UnsignedInteger>(_ x: S, _ y: S) -> S {
        S(truncatingIfNeeded: (UInt32(x) + UInt32(y) + 1) >> 1)   // ≤ S.max
    }
}
