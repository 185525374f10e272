import ReelMedia

/// Blending a `TitleRaster` onto a planar frame, clipped to the frame.
extension TitleRenderer {
    /// Blends `raster` with its top-left corner at the even position (`left`, `top`).
    /// - Precondition: the raster was made for `P`'s chroma subsampling.
    static func blend<P: PlanarPicture>(_ raster: TitleRaster<P.Sample>, left: Int, top: Int, opacity: Int,
                                        onto frame: inout P) {
        precondition(raster.chromaShift == P.chromaShift, "title raster subsampling differs from the frame's")
        blendPlane(&frame.y, frameWidth: frame.width, frameHeight: frame.height, raster.y, raster.alpha,
                   rasterWidth: raster.width, rasterHeight: raster.height, left: left, top: top, opacity: opacity)
        let cw = frame.chromaWidth, ch = frame.chromaHeight, k = P.chromaShift
        blendPlane(&frame.u, frameWidth: cw, frameHeight: ch, raster.u, raster.chromaAlpha,
                   rasterWidth: raster.chromaWidth, rasterHeight: raster.chromaHeight,
                   left: left >> k, top: top >> k, opacity: opacity)
        blendPlane(&frame.v, frameWidth: cw, frameHeight: ch, raster.v, raster.chromaAlpha,
                   rasterWidth: raster.chromaWidth, rasterHeight: raster.chromaHeight,
                   left: left >> k, top: top >> k, opacity: opacity)
    }

    /// Blends the visible part of one raster plane into one frame plane, row by row.
    static func blendPlane<S: FixedWidthInteger & UnsignedInteger>(
        _ plane: inout [S], frameWidth: Int, frameHeight: Int, _ source: [S], _ alpha: [UInt8],
        rasterWidth: Int, rasterHeight: Int, left: Int, top: Int, opacity: Int
    ) {
        let x0 = max(0, left), x1 = min(frameWidth, left + rasterWidth)
        let y0 = max(0, top), y1 = min(frameHeight, top + rasterHeight)
        guard x0 < x1, y0 < y1 else { return }
        plane.withUnsafeMutableBufferPointer { dst in
            source.withUnsafeBufferPointer { src in
                alpha.withUnsafeBufferPointer { a in
                    for y in y0..<y1 {
                        let d = y * frameWidth + x0, s = (y - top) * rasterWidth + (x0 - left)
                        Blend.alphaBlend(dst.baseAddress! + d, src.baseAddress! + s, alpha: a.baseAddress! + s,
                                         count: x1 - x0, opacity: opacity)
                    }
                }
            }
        }
    }
}
