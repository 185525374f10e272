import ReelMedia
import ReelModel

/// The 8-bit BT.709 SDR 4:2:0 picture of a deep picture in any colour, for people to look at: segment thumbnails
/// and job posters. HDR is tone-mapped and a wide gamut mapped by the colour engine (`ColorTransform`, with the
/// picture's HDR metadata for a PQ peak), then each sample is rounded and chroma averaged over each 2×2 block.
public enum SDRPicture {
    /// `deep`, whose code values are in `colour` (limited range), as an 8-bit BT.709 SDR picture.
    public static func planar(_ deep: DeepFrame, in colour: ColorDescription, hdr: HDRMetadata? = nil) -> PlanarFrame {
        let sdr = ColorTransform.between(colour, hdr: hdr, and: .bt709)?.apply(deep) ?? deep
        var out = PlanarFrame(width: sdr.width, height: sdr.height)
        for i in out.y.indices { out.y[i] = UInt8(min((Int(sdr.y[i]) + 128) >> 8, 255)) }
        for cy in 0..<out.chromaHeight {
            for cx in 0..<out.chromaWidth {
                let x0 = 2 * cx, y0 = 2 * cy, x1 = min(x0 + 1, sdr.width - 1), y1 = min(y0 + 1, sdr.height - 1)
                func sum(_ p: [UInt16]) -> Int {
                    Int(p[y0 * sdr.width + x0]) + Int(p[y0 * sdr.width + x1]) + Int(p[y1 * sdr.width + x0])
                        + Int(p[y1 * sdr.width + x1])
                }
                let u = sum(sdr.u), v = sum(sdr.v)
                out.u[cy * out.chromaWidth + cx] = UInt8(min((u + 512) >> 10, 255))
                out.v[cy * out.chromaWidth + cx] = UInt8(min((v + 512) >> 10, 255))
            }
        }
        return out
    }
}
