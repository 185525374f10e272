import ReelMedia
import ReelModel

extension Compositor {
    /// Keeps the part of `frame` inside `mask` over a flat `background` color (BT.709 limited range):
    /// `out = (f·m + bg·(256 − m) + 128) >> 8` with the mask value `m` (0…255) read as 0…256.
    public static func maskFrame(_ frame: inout PlanarFrame, mask: MaskPlanes, background: RGBA) {
        precondition(mask.width == frame.width && mask.height == frame.height, "mask size differs from the frame")
        let bg = ColorConversion.yuv(r: background.r, g: background.g, b: background.b)
        forEachPlane(&frame, nil, nil) { out, _, _, width, height, plane in
            let color = UInt32(plane == 0 ? bg.y : plane == 1 ? bg.u : bg.v)
            (plane == 0 ? mask.luma : mask.chroma).withUnsafeBufferPointer { m in
                for i in 0..<(width * height) {
                    let mv = UInt32(m[i]), w = mv + (mv >> 7)
                    let x = UInt32(out[i]) * w + color * (256 - w) + 128
                    out[i] = UInt8(truncatingIfNeeded: x >> 8)
                }
            }
        }
    }
}
