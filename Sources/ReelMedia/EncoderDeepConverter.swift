internal import CFFmpeg

/// Converts `DeepFrame`s (yuv444p16) into an encoder's frame: each sample rounded to the encoder's bit depth,
/// then, for 4:2:2 and 4:2:0 encoders, chroma subsampled by swscale at that depth.
///
/// **The quantisation hook.** Rounding is to nearest, ties up, `(s + 2^(k−1)) >> k` with `k = 16 − depth`,
/// clamped to the depth's top code, with no dither. Dithering belongs to the colour stage: a frame it has already
/// quantised to the encoder's depth (the low `k` bits zero, `s << k`) passes this rounding unchanged, so dithered
/// values reach the encoder exactly. The subsampling step works at the encoder's depth, so swscale never
/// reduces depth (the one step where it would dither on its own). Flags `SWS_BICUBIC | SWS_ACCURATE_RND |
/// SWS_BITEXACT` as everywhere: the result depends on the picture alone and is the same on every CPU.
final class EncoderDeepConverter {
    private let width: Int
    private let height: Int
    private let depth: Int
    /// The 4:4:4 frame at the encoder's depth, when the encoder wants subsampled chroma; nil when the encoder
    /// takes 4:4:4 and the rounded samples go straight into its frame.
    private let full: EncoderFrame?
    private let context: OpaquePointer?

    init(width: Int, height: Int, to format: AVPixelFormat, path: String?) throws(MediaError) {
        guard let desc = av_pix_fmt_desc_get(format) else {
            throw .invalidData(path: path ?? "", message: "unknown encoder pixel format \(format.rawValue)")
        }
        self.width = width
        self.height = height
        depth = Int(desc.pointee.comp.0.depth)
        guard depth == 8 || depth == 10 else {
            throw .invalidData(path: path ?? "", message: "deep frames encode at 8 or 10 bits, not \(depth)")
        }
        guard desc.pointee.log2_chroma_w != 0 || desc.pointee.log2_chroma_h != 0 else {
            (full, context) = (nil, nil)
            return
        }
        let wide = depth == 8 ? AV_PIX_FMT_YUV444P : AV_PIX_FMT_YUV444P10LE
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT
        guard let context = sws_getContext(Int32(width), Int32(height), wide, Int32(width), Int32(height), format,
                                           flags, nil, nil, nil) else {
            throw .invalidData(path: path ?? "", message: "sws_getContext failed for \(String(cString: av_get_pix_fmt_name(wide))) to "
                               + String(cString: av_get_pix_fmt_name(format)))
        }
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        _ = sws_setColorspaceDetails(context, bt709, 0, bt709, 0, 0, 1 << 16, 1 << 16)
        self.context = context
        full = try EncoderFrame.video(width: width, height: height, format: wide)
    }

    deinit { sws_freeContext(context) }

    /// Converts `picture` into `frame` (allocated in the encoder's format and size).
    func convert(_ picture: DeepFrame, into frame: EncoderFrame) throws(MediaError) {
        try check(av_frame_make_writable(frame.pointer), "av_frame_make_writable")
        guard let full, let context else { return quantise(picture, into: frame) }
        try check(av_frame_make_writable(full.pointer), "av_frame_make_writable")
        quantise(picture, into: full)
        try check(sws_scale_frame(context, frame.pointer, full.pointer), "sws_scale_frame")
    }

    /// Rounds each plane of `picture` to `depth` bits into `frame`'s 4:4:4 planes (8-bit or 16-bit little-endian words).
    private func quantise(_ picture: DeepFrame, into frame: EncoderFrame) {
        let shift = 16 - depth, half = 1 << (shift - 1), top = (1 << depth) - 1
        for (plane, samples) in [picture.y, picture.u, picture.v].enumerated() {
            guard let base = reel_frame_data(frame.pointer, Int32(plane)) else { continue }
            let stride = Int(reel_frame_linesize(frame.pointer, Int32(plane)))
            samples.withUnsafeBufferPointer { src in
                for row in 0..<height {
                    let line = src.baseAddress! + row * width
                    if depth == 8 {
                        let out = base + row * stride
                        for x in 0..<width { out[x] = UInt8(min((Int(line[x]) + half) >> shift, top)) }
                    } else {
                        let out = UnsafeMutableRawPointer(base + row * stride).assumingMemoryBound(to: UInt16.self)
                        for x in 0..<width { out[x] = UInt16(min((Int(line[x]) + half) >> shift, top)).littleEndian }
                    }
                }
            }
        }
    }
}
