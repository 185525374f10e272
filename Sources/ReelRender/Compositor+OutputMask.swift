import ReelMedia
import ReelModel

extension Compositor {
    /// Keeps the part of `frame` inside `mask` over a flat `background` color (BT.709 limited range):
    /// `out = (f·m + bg·(256 − m) + 128) >> 8` with the mask value `m` (0…255) read as 0…256.
    public static func maskFrame(_ frame: inout PlanarFrame, mask: MaskPlanes, background: RGBA) {
        maskPicture(&frame, mask: mask, background: background, colour: .bt709)
    }

    /// The output mask on a 16-bit 4:4:4 frame: the same blend, with the background converted to 16-bit
    /// Y′CbCr in the working colour `colour` (`ColorConversion.yuv(r:g:b:as:in:)`) and the luma mask on
    /// every plane.
    public static func maskFrame(_ frame: inout DeepFrame, mask: MaskPlanes, background: RGBA,
                                 colour: ColorDescription) {
        maskPicture(&frame, mask: mask, background: background, colour: colour)
    }

    static func maskPicture<P: PlanarPicture>(_ frame: inout P, mask: MaskPlanes, background: RGBA,
                                              colour: ColorDescription) {
        precondition(mask.width == frame.width && mask.height == frame.height, "mask size differs from the frame")
        let bg = ColorConversion.yuv(r: background.r, g: background.g, b: background.b, as: P.Sample.self, in: colour)
        forEachPlane(&frame, nil, nil) { out, _, _, width, height, plane in
            let color = UInt32(plane == 0 ? bg.y : plane == 1 ? bg.u : bg.v)
            (isFullResolution(plane, P.self) ? mask.luma : mask.chroma).withUnsafeBufferPointer { m in
                for i in 0..<(width * height) {
                    let mv = UInt32(m[i]), w = mv + (mv >> 7)
                    let x = UInt32(out[i]) * w + color * (256 - w) + 128
                    out[i] = P.Sample(truncatingIfNeeded: x >> 8)
                }
            }
        }
    }
}
