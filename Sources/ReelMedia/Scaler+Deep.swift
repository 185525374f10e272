internal import CFFmpeg

/// The deep path: decoded pictures to `DeepFrame`s of the render size, with the 8-bit path's fit, bars,
/// rotation and mirroring.
///
/// A limited-range 8- or 10-bit 4:2:0 source that needs no resizing (the usual camera file at the render size)
/// is upsampled in Swift (`DeepChroma.upsample`: exact, bilinear, centre-sited). Any other source goes through
/// swscale, which writes `yuv444p16` (little-endian, the only byte order Reel runs on) with the same flags as the 8-bit
/// path, `SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT`: bicubic chroma upsampling, the same on every CPU.
/// The source's matrix is kept as it is (no BT.601 → BT.709 pass: the colour conversion takes the frame with
/// `VideoFrameSource.colorDescription`). Full-range sources are scaled to limited range here, as the 8-bit
/// path does, so every deep frame is limited range and its bars are limited-range black.
extension Scaler {
    /// What the deep path asks swscale for.
    static let deepFormat = AV_PIX_FMT_YUV444P16LE

    /// Converts `frame` to a `DeepFrame` of the render size (a scaler made with `deep: true`), in `reusing`'s
    /// planes when it holds a picture of that size (`fitted`), else in new ones.
    func convertDeep(_ frame: DecoderFrame, reusing: inout DeepFrame?) throws(MediaError) -> DeepFrame {
        precondition(deep, "convertDeep on an 8-bit scaler")
        try prepare(for: frame.pointer)
        return try fitted(frame.pointer, reusing: &reusing, scratch: &deepScratch) { f, target, x, y throws(MediaError) in
            try scale(f, into: &target, x: x, y: y)
        }
    }

    /// Scales the whole source into `target` with the fitted picture's top-left at (`x`, `y`); strides in bytes.
    private func scale(_ f: UnsafeMutablePointer<AVFrame>, into target: inout DeepFrame,
                       x: Int, y: Int) throws(MediaError) {
        if let depth = deepChromaDepth {
            DeepChroma.upsample(f, depth: depth, into: &target, x: x, y: y)
            return
        }
        let w = target.width, offset = y * w + x, stride = Int32(w * MemoryLayout<UInt16>.stride)
        func bytes(_ p: UnsafeMutableBufferPointer<UInt16>) -> UnsafeMutablePointer<UInt8> {
            UnsafeMutableRawPointer(p.baseAddress! + offset).assumingMemoryBound(to: UInt8.self)
        }
        let rc = target.y.withUnsafeMutableBufferPointer { yp in
            target.u.withUnsafeMutableBufferPointer { up in
                target.v.withUnsafeMutableBufferPointer { vp in
                    reel_sws_scale_to_planes(context, f, bytes(yp), stride, bytes(up), stride, bytes(vp), stride)
                }
            }
        }
        try check(rc, "sws_scale", path: path)
    }
}
