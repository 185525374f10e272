internal import CFFmpeg
import Foundation

extension PNGImage {
    /// Writes `frame` (yuv420p, BT.709 limited range) as an 8-bit RGB PNG at `path`, for thumbnails.
    /// Chroma is upsampled by swscale's bicubic filter and converted with the BT.709 matrix to full range.
    /// - Throws: `MediaError.ffmpeg` naming the path when converting or encoding fails; `.io` when
    ///   the file cannot be written.
    public static func encode(_ frame: PlanarFrame, to path: String) throws(MediaError) {
        let rgb = try toRGB24(frame, width: frame.width, height: frame.height, path: path)
        let codec = try PictureEncoder(codec: AV_CODEC_ID_PNG, name: "png", format: AV_PIX_FMT_RGB24,
                                       width: frame.width, height: frame.height, path: path)
        let bytes = try codec.encode(rgb)
        do {
            try bytes.write(to: URL(fileURLWithPath: path))
        } catch {
            throw .io(path: path, message: "\(error)")
        }
    }

    /// Converts a `PlanarFrame` into a newly allocated RGB24 `AVFrame` of `width × height` (scaled when
    /// that differs from the frame's size).
    static func toRGB24(_ frame: PlanarFrame, width: Int, height: Int, path: String) throws(MediaError) -> DecoderFrame {
        let out = DecoderFrame()
        let f = out.pointer
        f.pointee.width = Int32(width)
        f.pointee.height = Int32(height)
        f.pointee.format = AV_PIX_FMT_RGB24.rawValue
        try check(av_frame_get_buffer(f, 0), "av_frame_get_buffer", path: path)
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_BITEXACT
        guard let sws = sws_getContext(Int32(frame.width), Int32(frame.height), AV_PIX_FMT_YUV420P,
                                       Int32(width), Int32(height), AV_PIX_FMT_RGB24, flags, nil, nil, nil) else {
            throw .invalidData(path: path, message: "sws_getContext failed for \(frame.width)x\(frame.height)")
        }
        defer { sws_freeContext(sws) }
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        _ = sws_setColorspaceDetails(sws, bt709, 0, bt709, 1, 0, 1 << 16, 1 << 16)
        let cw = Int32(frame.chromaWidth)
        let rc = frame.y.withUnsafeBufferPointer { y in
            frame.u.withUnsafeBufferPointer { u in
                frame.v.withUnsafeBufferPointer { v in
                    reel_sws_scale_from_planes(sws, Int32(frame.height), y.baseAddress, Int32(frame.width),
                                               u.baseAddress, cw, v.baseAddress, cw, f)
                }
            }
        }
        try check(rc, "sws_scale", path: path)
        return out
    }
}
