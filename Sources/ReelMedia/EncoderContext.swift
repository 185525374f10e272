internal import CFFmpeg

/// An `AVCodecContext` for encoding, freed in `deinit`. Used on one thread.
///
/// Configure `pointer.pointee` and the private options, call `open(options:)`, then
/// `send(_:)` frames and collect packets; `send(nil)` starts the drain.
final class EncoderContext {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    let codec: UnsafePointer<AVCodec>
    /// The file this encoder is writing, for error messages.
    let path: String?

    init(encoderName: String, path: String?) throws(MediaError) {
        EncoderLogging.configured
        guard let codec = avcodec_find_encoder_by_name(encoderName) else {
            throw MediaError.unsupportedCodec(path: path ?? "", codec: encoderName)
        }
        guard let ctx = avcodec_alloc_context3(codec) else {
            throw MediaError.ffmpeg(function: "avcodec_alloc_context3", code: reel_averror(ENOMEM),
                                    message: "out of memory", path: path)
        }
        self.codec = codec
        self.pointer = ctx
        self.path = path
    }

    deinit {
        var ctx: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&ctx)
    }

    /// Sets a private option of the codec (`preset`, `crf`, `x264-params`, …).
    func setOption(_ name: String, _ value: String) throws(MediaError) {
        try check(av_opt_set(pointer.pointee.priv_data, name, value, 0), "av_opt_set(\(name)=\(value))", path: path)
    }

    /// `avcodec_open2`.
    func open() throws(MediaError) {
        try check(avcodec_open2(pointer, codec, nil), "avcodec_open2(\(String(cString: codec.pointee.name)))",
                  path: path)
    }

    /// Sends one frame, or `nil` to start draining.
    func send(_ frame: EncoderFrame?) throws(MediaError) {
        try check(avcodec_send_frame(pointer, frame?.pointer), "avcodec_send_frame", path: path)
    }

    /// Every packet the encoder has ready, in the encoder's time base. After `send(nil)` this
    /// returns all remaining packets (it reads until `AVERROR_EOF`).
    func receivePackets() throws(MediaError) -> [Packet] {
        var packets: [Packet] = []
        while true {
            let packet = try Packet(timeBase: pointer.pointee.time_base)
            let r = avcodec_receive_packet(pointer, packet.pointer)
            if r == averrorEAGAIN || r == averrorEOF { return packets }
            try check(r, "avcodec_receive_packet", path: path)
            packets.append(packet)
        }
    }

    /// The encoder's global header (SPS/PPS for H.264, AudioSpecificConfig for AAC).
    var extradata: [UInt8] {
        guard let data = pointer.pointee.extradata, pointer.pointee.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(pointer.pointee.extradata_size)))
    }
}
