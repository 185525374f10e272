internal import CFFmpeg

extension VideoEncoder {
    /// The B-frame reorder delay of the stream `encoder` makes, known once it is open, before any frame, so the
    /// same for every part whatever its length.
    ///
    /// libx264 sets `has_b_frames` from its settings. libx265 leaves it 0, and x265's own dts is no guide in a
    /// short part: x265 3.5 subtracts `m_bframeDelayTime` from the first packets' pts, and sets it only when the
    /// frame after the delay (the third, with a B-pyramid) arrives, so a 1- or 2-frame part got dts from memory
    /// x265 never wrote (FFmpeg 5.1's libx265.c copies `x265_picture.dts` as it is) and failed at random in the
    /// muxer. The SPS in the extradata declares `sps_max_num_reorder_pics`, the frames a decoder holds back, and
    /// FFmpeg's HEVC decoder reads it into `has_b_frames` when it opens on the extradata alone.
    static func reorderDelay(of encoder: EncoderContext) throws(MediaError) -> Int64 {
        let ctx = encoder.pointer
        guard ctx.pointee.codec_id == AV_CODEC_ID_HEVC, ctx.pointee.has_b_frames == 0 else {
            return Int64(ctx.pointee.has_b_frames)
        }
        var owned = avcodec_parameters_alloc()
        defer { avcodec_parameters_free(&owned) }
        guard let parameters = owned else {
            throw MediaError.ffmpeg(function: "avcodec_parameters_alloc", code: reel_averror(ENOMEM),
                                    message: "out of memory", path: encoder.path)
        }
        try check(avcodec_parameters_from_context(parameters, ctx), "avcodec_parameters_from_context",
                  path: encoder.path)
        let decoder = try Decoder(parameters: parameters, path: encoder.path ?? "")
        return Int64(decoder.context.pointee.has_b_frames)
    }
}
