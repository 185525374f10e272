import CFFmpeg
import Foundation

/// Owns an `AVCodecContext` opened as libavcodec's PNG encoder for one picture size (RGB24).
final class PNGCodec {
    let context: UnsafeMutablePointer<AVCodecContext>
    let path: String

    init(width: Int, height: Int, path: String) throws(MediaError) {
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_PNG) else {
            throw .unsupportedCodec(path: path, codec: "png")
        }
        guard let ctx = avcodec_alloc_context3(codec) else {
            throw .invalidData(path: path, message: "avcodec_alloc_context3 failed")
        }
        context = ctx
        self.path = path
        ctx.pointee.width = Int32(width)
        ctx.pointee.height = Int32(height)
        ctx.pointee.pix_fmt = AV_PIX_FMT_RGB24
        ctx.pointee.time_base = AVRational(num: 1, den: 1)
        ctx.pointee.flags |= Int32(bitPattern: UInt32(AV_CODEC_FLAG_BITEXACT))
        try check(avcodec_open2(ctx, codec, nil), "avcodec_open2", path: path)
    }

    deinit {
        var c: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&c)
    }

    /// Encodes one RGB24 picture. - Returns: the PNG file's bytes.
    func encode(_ frame: DecoderFrame) throws(MediaError) -> Data {
        try check(avcodec_send_frame(context, frame.pointer), "avcodec_send_frame", path: path)
        try check(avcodec_send_frame(context, nil), "avcodec_send_frame", path: path)
        let packet = DemuxerPacket()
        try check(avcodec_receive_packet(context, packet.pointer), "avcodec_receive_packet", path: path)
        let p = packet.pointer.pointee
        return Data(bytes: p.data, count: Int(p.size))
    }
}
