internal import CFFmpeg

/// Owns an `AVCodecContext` opened for decoding one stream.
final class Decoder {
    let path: String
    let context: UnsafeMutablePointer<AVCodecContext>

    /// The outcome of asking the decoder for a frame.
    enum Output { case frame, needsInput, finished }

    /// Threads per threaded decoder: 0 is FFmpeg's automatic count, 1 where the render slots fill the cores
    /// (`DecoderThreads`). A fixed 2 saved 10 MB at 1920x1080 but let a truncated source decode "successfully"
    /// (frame threads swallowed the corrupt-packet error, and the renderer held the last frame), which
    /// BadInputTests catches; so it is the automatic count or none.
    static var decodeThreads: Int32 { DecoderThreads.perDecoder }

    /// The threads the opened decoder runs (FFmpeg's count once it resolved the automatic one).
    var threadCount: Int { Int(context.pointee.thread_count) }

    /// The largest source picture decoded (8192 × 8192, above 8K UHD and DCI 8K): a crafted header
    /// claiming 65535 × 65535 is refused by FFmpeg before it allocates frames of gigabytes.
    static let maxSourcePixels: Int64 = 8192 * 8192

    /// Opens a decoder for `stream`.
    /// - Parameters:
    ///   - threaded: decode with `decodeThreads` frame/slice threads (the output is the same as
    ///     single-threaded decoding; only latency changes).
    /// - Throws: `MediaError.unsupportedCodec` when this FFmpeg has no decoder for the stream.
    init(stream: UnsafeMutablePointer<AVStream>, path: String, threaded: Bool) throws(MediaError) {
        let par = stream.pointee.codecpar!
        let (codec, ctx) = try Self.allocate(par.pointee.codec_id, path: path)
        self.path = path
        self.context = ctx
        try check(avcodec_parameters_to_context(ctx, par), "avcodec_parameters_to_context", path: path)
        ctx.pointee.pkt_timebase = stream.pointee.time_base
        ctx.pointee.thread_count = threaded ? Self.decodeThreads : 1
        ctx.pointee.thread_type = threaded ? FF_THREAD_FRAME | FF_THREAD_SLICE : 0
        ctx.pointee.flags |= Int32(bitPattern: UInt32(AV_CODEC_FLAG_BITEXACT))
        ctx.pointee.max_pixels = Self.maxSourcePixels
        try check(avcodec_open2(ctx, codec, nil), "avcodec_open2", path: path)
    }

    /// Opens a decoder for a codec without a container (a single PNG image, for one).
    /// - Parameter maxPixels: FFmpeg refuses pictures larger than this (`max_pixels`) before allocating them.
    init(codecID: AVCodecID, path: String, maxPixels: Int64 = Int64(Int32.max)) throws(MediaError) {
        let (codec, ctx) = try Self.allocate(codecID, path: path)
        self.path = path
        self.context = ctx
        ctx.pointee.thread_count = 1
        ctx.pointee.max_pixels = maxPixels
        try check(avcodec_open2(ctx, codec, nil), "avcodec_open2", path: path)
    }

    /// Opens a single-threaded decoder on codec parameters alone, without a stream: an encoder's own, to read
    /// back what its parameter sets declare (the reorder depth, `VideoEncoder.reorderDelay(of:)`).
    init(parameters: UnsafePointer<AVCodecParameters>, path: String) throws(MediaError) {
        let (codec, ctx) = try Self.allocate(parameters.pointee.codec_id, path: path)
        self.path = path
        self.context = ctx
        try check(avcodec_parameters_to_context(ctx, parameters), "avcodec_parameters_to_context", path: path)
        ctx.pointee.thread_count = 1
        try check(avcodec_open2(ctx, codec, nil), "avcodec_open2", path: path)
    }

    private static func allocate(_ codecID: AVCodecID, path: String) throws(MediaError)
        -> (UnsafePointer<AVCodec>, UnsafeMutablePointer<AVCodecContext>) {
        guard let codec = avcodec_find_decoder(codecID) else {
            throw .unsupportedCodec(path: path, codec: String(cString: avcodec_get_name(codecID)))
        }
        guard let ctx = avcodec_alloc_context3(codec) else {
            throw .invalidData(path: path, message: "avcodec_alloc_context3 failed")
        }
        return (codec, ctx)
    }

    deinit {
        var c: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&c)
    }

    /// Sends a packet, or `nil` to start draining. Corrupt packets are skipped, as `ffmpeg` does.
    func send(_ packet: UnsafeMutablePointer<AVPacket>?) throws(MediaError) {
        let rc = avcodec_send_packet(context, packet)
        if rc == averrorEOF || rc == reel_averror(EINVAL) && packet == nil { return }
        if rc == reel_averror_invaliddata() { return }
        try check(rc, "avcodec_send_packet", path: path)
    }

    /// Receives the next decoded frame into `frame`.
    func receive(into frame: DecoderFrame) throws(MediaError) -> Output {
        let rc = avcodec_receive_frame(context, frame.pointer)
        if rc == averrorEAGAIN { return .needsInput }
        if rc == averrorEOF { return .finished }
        try check(rc, "avcodec_receive_frame", path: path)
        return .frame
    }

    /// Forgets buffered packets and frames after a seek.
    func flush() { avcodec_flush_buffers(context) }
}
