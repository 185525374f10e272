internal import CFFmpeg

/// The deep path's chroma resampling between 4:2:0 and 4:4:4 at the picture's own size, in Swift: the decoded
/// 4:2:0 source into a `DeepFrame`, and a `DeepFrame` into a 4:2:0 encoder's frame. Both are exact integer
/// arithmetic (the same bits on every CPU), and both take chroma as centre-sited, between its two luma columns
/// and rows (MPEG-1, JPEG), which is how swscale took it before and where the two steps agree with each other.
///
/// - **Up**, 4:2:0 → 4:4:4 (`upsample`): bilinear, each sample `(9·a + 3·b + 3·c + d) / 16` of its four nearest
///   chroma samples, edges repeated. Luma is shifted to 16 bits (`s << (16 − depth)`, DeepFrame's scale). With at
///   most 10 source bits the sum × 2^(16 − depth) / 16 is a whole number, so nothing is rounded.
/// - **Down**, 4:4:4 → 4:2:0 (`EncoderDeepConverter`): the mean of each 2×2 block, rounded half up, then
///   quantised (dithered or rounded) to the encoder's depth at the chroma sample's own position.
///
/// Up then down is a gentle `[1 6 1]/8` blur on each axis, as swscale's bicubic pair was a gentle one; a source
/// whose picture needs resizing, rotating or a range change still goes through swscale (`Scaler+Deep`).
enum DeepChroma {
    /// The source bit depth the Swift upsampler takes for `format`: 8- and 10-bit limited-range 4:2:0; nil for
    /// any other format.
    static func upsampledDepth(_ format: AVPixelFormat) -> Int? {
        switch format {
        case AV_PIX_FMT_YUV420P: return 8
        case AV_PIX_FMT_YUV420P10LE: return 10
        default: return nil
        }
    }

    /// Writes the 4:2:0 picture of `f` (`depth` bits, limited range, `target`'s region of its own size) into
    /// `target` with its top-left at (`x`, `y`).
    static func upsample(_ f: UnsafeMutablePointer<AVFrame>, depth: Int, into target: inout DeepFrame, x: Int, y: Int) {
        let w = Int(f.pointee.width), h = Int(f.pointee.height), stride = target.width
        precondition(x + w <= target.width && y + h <= target.height, "a \(w)x\(h) source at (\(x), \(y)) in \(target.width)x\(target.height)")
        let planes = (0..<3).map { (reel_frame_data(f, Int32($0))!, Int(reel_frame_linesize(f, Int32($0)))) }
        let cw = (w + 1) / 2, ch = (h + 1) / 2
        target.y.withUnsafeMutableBufferPointer { out in
            let shift = UInt16(16 - depth)
            for row in 0..<h {
                let dst = out.baseAddress! + (y + row) * stride + x, src = planes[0].0 + row * planes[0].1
                if depth == 8 {
                    for i in 0..<w { dst[i] = UInt16(src[i]) &<< shift }
                } else {
                    let s = UnsafeRawPointer(src).assumingMemoryBound(to: UInt16.self)
                    for i in 0..<w { dst[i] = s[i] &<< shift }
                }
            }
        }
        // One row of vertical sums (3·near + far, at most 4·1023), with the edge sample repeated at each end.
        var vertical = [UInt16](repeating: 0, count: cw + 2)
        let shift = UInt16(12 - depth)
        for (plane, p) in [(\DeepFrame.u, planes[1]), (\DeepFrame.v, planes[2])] {
            target[keyPath: plane].withUnsafeMutableBufferPointer { out in
                vertical.withUnsafeMutableBufferPointer { vb in
                    let v = vb.baseAddress! + 1
                    for row in 0..<h {
                        let near = row / 2, far = min(max(row & 1 == 0 ? near - 1 : near + 1, 0), ch - 1)
                        let a = p.0 + near * p.1, b = p.0 + far * p.1
                        if depth == 8 {
                            for j in 0..<cw { v[j] = 3 &* UInt16(a[j]) &+ UInt16(b[j]) }
                        } else {
                            let a16 = UnsafeRawPointer(a).assumingMemoryBound(to: UInt16.self)
                            let b16 = UnsafeRawPointer(b).assumingMemoryBound(to: UInt16.self)
                            for j in 0..<cw { v[j] = 3 &* a16[j] &+ b16[j] }
                        }
                        v[-1] = v[0]
                        v[cw] = v[cw - 1]
                        let dst = out.baseAddress! + (y + row) * stride + x
                        for j in 0..<(w / 2) {
                            let centre = 3 &* v[j]
                            dst[2 * j] = (centre &+ v[j - 1]) &<< shift
                            dst[2 * j + 1] = (centre &+ v[j + 1]) &<< shift
                        }
                        if w & 1 == 1 { dst[w - 1] = (3 &* v[cw - 1] &+ v[cw - 2]) &<< shift }
                    }
                }
            }
        }
    }

    /// One 4:2:0 chroma row from two rows of a 4:4:4 plane (`upper`, `lower`; the same row at an odd height's
    /// last): the mean of each 2×2 block, rounded half up, quantised with threshold row `t` to `bits` bits.
    @inline(__always)
    static func downsampleRow<Code: FixedWidthInteger & UnsignedInteger>(
        _ upper: UnsafePointer<UInt16>, _ lower: UnsafePointer<UInt16>, width: Int, _ t: UnsafePointer<UInt16>,
        bits: Int, into out: UnsafeMutablePointer<Code>
    ) {
        let shift = UInt32(16 - bits), top = UInt32((1 << bits) - 1)
        for j in 0..<(width / 2) {
            let sum = UInt32(upper[2 * j]) &+ UInt32(upper[2 * j + 1]) &+ UInt32(lower[2 * j]) &+ UInt32(lower[2 * j + 1])
            out[j] = Code(truncatingIfNeeded: Quantizer.code((sum &+ 2) &>> 2, t[j], shift: shift, top: top))
        }
        if width & 1 == 1 {
            let j = width / 2, mean = (UInt32(upper[2 * j]) &+ UInt32(lower[2 * j]) &+ 1) &>> 1
            out[j] = Code(truncatingIfNeeded: Quantizer.code(mean, t[j], shift: shift, top: top))
        }
    }
}
