internal import CFFmpeg

/// Converts `DeepFrame`s (yuv444p16) into an encoder's frame: each sample rounded to the encoder's bit depth,
/// then, for 4:2:2 encoders, chroma subsampled by swscale at that depth. For 4:2:0 encoders chroma is
/// subsampled first, in the same pass, by `DeepChroma.downsampleRow` (the mean of each 2×2 block at 16 bits),
/// and quantised at its own resolution: no swscale, and a quarter of the chroma samples to quantise.
///
/// **The quantisation hook.** Without a dither, rounding is to nearest, ties up, `(s + 2^(k−1)) >> k` with
/// `k = 16 − depth`, clamped to the depth's top code. With one (`Quantizer`, the deep path's ordered dither of the
/// programme frame), the dithered codes are written instead, in the same single pass. The subsampling step works at the encoder's depth, so swscale never
/// reduces depth (the one step where it would dither on its own). Flags `SWS_BICUBIC | SWS_ACCURATE_RND |
/// SWS_BITEXACT` as everywhere: the result depends on the picture alone and is the same on every CPU.
final class EncoderDeepConverter {
    private let width: Int
    private let height: Int
    private let depth: Int
    /// The 4:4:4 frame at the encoder's depth, when a 4:2:2 encoder wants swscale's subsampled chroma; nil when
    /// the encoder takes 4:4:4 or 4:2:0 and the samples go straight into its frame.
    private let full: EncoderFrame?
    /// Whether the encoder takes 4:2:0, subsampled here.
    private let halfChroma: Bool
    private let context: OpaquePointer?
    private let path: String?
    /// Eight rows of half-code thresholds: rounding to nearest, made once.
    private let rounding: [UInt16]
    /// Eight rows of a dither's thresholds (`Quantizer.thresholdRows`), rewritten for each plane of each frame.
    private var dithered: [UInt16]

    init(width: Int, height: Int, to format: AVPixelFormat, path: String?) throws(MediaError) {
        guard let desc = av_pix_fmt_desc_get(format) else {
            throw .invalidData(path: path ?? "", message: "unknown encoder pixel format \(format.rawValue)")
        }
        self.width = width
        self.height = height
        self.path = path
        dithered = [UInt16](repeating: 0, count: 8 * width)
        depth = Int(desc.pointee.comp.0.depth)
        var rounding = [UInt16](repeating: 0, count: 8 * width)
        rounding.withUnsafeMutableBufferPointer { [depth] in Quantizer.roundingRows(bits: depth, into: $0) }
        self.rounding = rounding
        guard depth == 8 || depth == 10 else {
            throw .invalidData(path: path ?? "", message: "deep frames encode at 8 or 10 bits, not \(depth)")
        }
        halfChroma = desc.pointee.log2_chroma_w == 1 && desc.pointee.log2_chroma_h == 1
        guard !halfChroma, desc.pointee.log2_chroma_w != 0 || desc.pointee.log2_chroma_h != 0 else {
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

    /// Converts `picture` into `frame` (allocated in the encoder's format and size), rounded to nearest, or dithered
    /// by `dither` with programme frame `programmeFrame`'s pattern (the quantizer's depth must be the encoder's):
    /// one pass from the 16-bit samples to the encoder's codes, nothing allocated.
    func convert(_ picture: DeepFrame, dither: Quantizer? = nil, programmeFrame: Int64 = 0,
                 into frame: EncoderFrame) throws(MediaError) {
        if let dither, dither.bits != depth {
            throw .invalidData(path: path ?? "", message: "a \(dither.bits)-bit dither for a \(depth)-bit encoder")
        }
        try check(av_frame_make_writable(frame.pointer), "av_frame_make_writable")
        guard let full, let context else {
            return quantise(picture, dither: dither, programmeFrame: programmeFrame, into: frame)
        }
        try check(av_frame_make_writable(full.pointer), "av_frame_make_writable")
        quantise(picture, dither: dither, programmeFrame: programmeFrame, into: full)
        try check(sws_scale_frame(context, frame.pointer, full.pointer), "sws_scale_frame")
    }

    /// Each plane of `picture` to `depth` bits in `frame`'s planes (8-bit or 16-bit little-endian words), by
    /// `Quantizer.row` with the dither's threshold rows or the rounding ones; chroma through
    /// `DeepChroma.downsampleRow` first when the frame is 4:2:0.
    private func quantise(_ picture: DeepFrame, dither: Quantizer?, programmeFrame: Int64, into frame: EncoderFrame) {
        for (plane, samples) in [picture.y, picture.u, picture.v].enumerated() {
            guard let base = reel_frame_data(frame.pointer, Int32(plane)) else { continue }
            let stride = Int(reel_frame_linesize(frame.pointer, Int32(plane)))
            if let dither {
                dithered.withUnsafeMutableBufferPointer {
                    dither.thresholdRows(plane: plane, programmeFrame: programmeFrame, into: $0)
                }
            }
            (dither == nil ? rounding : dithered).withUnsafeBufferPointer { t in
                samples.withUnsafeBufferPointer { src in
                    if plane > 0 && halfChroma {
                        for row in 0..<(height + 1) / 2 {
                            let upper = src.baseAddress! + 2 * row * width
                            let lower = 2 * row + 1 < height ? upper + width : upper
                            let tr = t.baseAddress! + (row & 7) * width
                            if depth == 8 {
                                DeepChroma.downsampleRow(upper, lower, width: width, tr, bits: 8, into: base + row * stride)
                            } else {
                                let out = UnsafeMutableRawPointer(base + row * stride).assumingMemoryBound(to: UInt16.self)
                                DeepChroma.downsampleRow(upper, lower, width: width, tr, bits: 10, into: out)
                            }
                        }
                        return
                    }
                    for row in 0..<height {
                        let line = src.baseAddress! + row * width, tr = t.baseAddress! + (row & 7) * width
                        if depth == 8 {
                            Quantizer.row(line, tr, count: width, bits: 8, into: base + row * stride)
                        } else {
                            let out = UnsafeMutableRawPointer(base + row * stride).assumingMemoryBound(to: UInt16.self)
                            Quantizer.row(line, tr, count: width, bits: 10, into: out)
                        }
                    }
                }
            }
        }
    }
}
