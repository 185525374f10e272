internal import CFFmpeg

/// Converts the compositor's 8-bit 4:2:0 pictures into an encoder's frame of another pixel format
/// (yuv422p, yuv420p10le, yuv422p10le, yuv444p10le) with swscale.
///
/// One context with fixed flags, `SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT` (as `Scaler`): the result depends
/// on the picture alone, never on its place in the part, and is the same on every CPU. Widening to 10 bits and
/// upsampling chroma involve no dither. BT.709 limited range in and out, so no matrix or range change.
final class EncoderPixelConverter {
    private let context: OpaquePointer
    private let height: Int

    init(width: Int, height: Int, to format: AVPixelFormat, path: String?) throws(MediaError) {
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT
        guard let context = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_YUV420P, Int32(width), Int32(height),
                                           format, flags, nil, nil, nil) else {
            throw .invalidData(path: path ?? "", message: "sws_getContext failed for yuv420p to "
                               + String(cString: av_get_pix_fmt_name(format)))
        }
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        _ = sws_setColorspaceDetails(context, bt709, 0, bt709, 0, 0, 1 << 16, 1 << 16)
        self.context = context
        self.height = height
    }

    deinit { sws_freeContext(context) }

    /// Converts `picture` into `frame` (allocated in the target format and size).
    func convert(_ picture: PlanarFrame, into frame: EncoderFrame) throws(MediaError) {
        try check(av_frame_make_writable(frame.pointer), "av_frame_make_writable")
        let rc = picture.y.withUnsafeBufferPointer { y in
            picture.u.withUnsafeBufferPointer { u in
                picture.v.withUnsafeBufferPointer { v in
                    reel_sws_scale_from_planes(context, Int32(height), y.baseAddress, Int32(picture.width),
                                               u.baseAddress, Int32(picture.chromaWidth),
                                               v.baseAddress, Int32(picture.chromaWidth), frame.pointer)
                }
            }
        }
        try check(rc, "sws_scale")
    }
}
