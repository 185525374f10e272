internal import CFFmpeg
import Foundation

/// Owns an `AVCodecContext` opened as a still-picture encoder (PNG or MJPEG) for one picture size and format.
final class PictureEncoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    let path: String
    /// The lambda every picture is coded with (`qscale × FF_QP2LAMBDA`), or 0 for the codec's default.
    let quality: Int32

    /// - Parameters:
    ///   - codec: `AV_CODEC_ID_PNG` or `AV_CODEC_ID_MJPEG`.
    ///   - format: the pixel format the pictures arrive in (RGB24 for PNG, YUVJ420P for MJPEG).
    ///   - qscale: a fixed quantiser scale (MJPEG: 2 best … 31 worst), or nil for the codec's default.
    ///   - path: the file the picture is for, named in errors.
    init(codec id: AVCodecID, name: String, format: AVPixelFormat, width: Int, height: Int, qscale: Int? = nil,
         path: String) throws(MediaError) {
        guard let codec = avcodec_find_encoder(id) else {
            throw .unsupportedCodec(path: path, codec: name)
        }
        guard let ctx = avcodec_alloc_context3(codec) else {
            throw .invalidData(path: path, message: "avcodec_alloc_context3 failed")
        }
        context = ctx
        self.path = path
        quality = qscale.map { Int32(min(max($0, 1), 31)) * FF_QP2LAMBDA } ?? 0
        ctx.pointee.width = Int32(width)
        ctx.pointee.height = Int32(height)
        ctx.pointee.pix_fmt = format
        ctx.pointee.time_base = AVRational(num: 1, den: 1)
        ctx.pointee.flags |= Int32(bitPattern: UInt32(AV_CODEC_FLAG_BITEXACT))
        if quality > 0 {
            // As `ffmpeg -q:v N`: a fixed quantiser, set on the context and on every picture.
            ctx.pointee.flags |= Int32(bitPattern: UInt32(AV_CODEC_FLAG_QSCALE))
            ctx.pointee.global_quality = quality
        }
        if format == AV_PIX_FMT_YUVJ420P { ctx.pointee.color_range = AVCOL_RANGE_JPEG }
        try check(avcodec_open2(ctx, codec, nil), "avcodec_open2", path: path)
    }

    deinit {
        var c: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&c)
    }

    /// Encodes one picture in the encoder's format. - Returns: the file's bytes.
    func encode(_ frame: DecoderFrame) throws(MediaError) -> Data {
        frame.pointer.pointee.pts = 0
        if quality > 0 { frame.pointer.pointee.quality = quality }
        try check(avcodec_send_frame(context, frame.pointer), "avcodec_send_frame", path: path)
        try check(avcodec_send_frame(context, nil), "avcodec_send_frame", path: path)
        let packet = DemuxerPacket()
        try check(avcodec_receive_packet(context, packet.pointer), "avcodec_receive_packet", path: path)
        let p = packet.pointer.pointee
        return Data(bytes: p.data, count: Int(p.size))
    }
}
