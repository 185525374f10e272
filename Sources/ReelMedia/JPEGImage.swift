internal import CFFmpeg
import Foundation

/// Small JPEG pictures (thumbnails, poster frames) made with libavcodec's MJPEG encoder.
///
/// A `PlanarFrame` is BT.709 limited range; a JPEG file (JFIF) is BT.601 full range, and every viewer
/// decodes it so. swscale does not convert between YUV matrices, so the picture goes through RGB:
/// `yuv420p` (BT.709, limited) → scaled RGB24 (bicubic, as `PNGImage.encode`) → `yuvj420p` (BT.601, full).
public enum JPEGImage {
    /// The size of a `width`-wide picture of a `frameWidth × frameHeight` frame: the width rounded to an
    /// even number (2 … 8192), the height by the frame's aspect, rounded to the nearest even number (ties
    /// upward) and at least 2.
    public static func size(width: Int, frameWidth: Int, frameHeight: Int) -> (width: Int, height: Int) {
        let w = min(max(width & ~1, 2), 8192)
        let n = Int128(w) * Int128(max(frameHeight, 1)), d = Int128(max(frameWidth, 1))
        return (w, max(ScalerFit.evenRound(n, d, limit: Int.max), 2))
    }

    /// Writes `frame` scaled to `width` pixels wide (see `size`) as a JPEG at `path`, atomically: under a
    /// temporary name in the same folder, renamed over `path` when complete.
    /// - Parameters:
    ///   - qscale: the quantiser scale, as `ffmpeg -q:v` (2 best … 31 worst).
    /// - Throws: `MediaError.ffmpeg` naming the path when converting or encoding fails; `.io` when the file
    ///   cannot be written or renamed.
    public static func encode(_ frame: PlanarFrame, width: Int, qscale: Int = 5, to path: String) throws(MediaError) {
        let (w, h) = size(width: width, frameWidth: frame.width, frameHeight: frame.height)
        let rgb = try PNGImage.toRGB24(frame, width: w, height: h, path: path)
        let yuv = try toJPEGPlanes(rgb, width: w, height: h, path: path)
        let encoder = try PictureEncoder(codec: AV_CODEC_ID_MJPEG, name: "mjpeg", format: AV_PIX_FMT_YUVJ420P,
                                         width: w, height: h, qscale: qscale, path: path)
        let bytes = try encoder.encode(yuv)
        let temp = AtomicFile.temporaryPath(for: path)
        do {
            try bytes.write(to: URL(fileURLWithPath: temp))
        } catch {
            throw .io(path: path, message: "\(error)")
        }
        do {
            try AtomicFile.commit(temp: temp, final: path)
        } catch {
            AtomicFile.discard(temp: temp)
            throw error
        }
    }

    /// Converts RGB24 to a newly allocated `yuvj420p` frame (BT.601, full range), the MJPEG encoder's input.
    /// swscale is asked for `yuv420p` with a full-range destination (the `yuvj` formats are deprecated
    /// there); the frame is labelled `yuvj420p`, the same memory layout, for the encoder.
    static func toJPEGPlanes(_ rgb: DecoderFrame, width: Int, height: Int, path: String) throws(MediaError) -> DecoderFrame {
        let out = DecoderFrame()
        let f = out.pointer
        f.pointee.width = Int32(width)
        f.pointee.height = Int32(height)
        f.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        try check(av_frame_get_buffer(f, 0), "av_frame_get_buffer", path: path)
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT
        guard let sws = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_RGB24,
                                       Int32(width), Int32(height), AV_PIX_FMT_YUV420P, flags, nil, nil, nil) else {
            throw .invalidData(path: path, message: "sws_getContext failed for \(width)x\(height)")
        }
        defer { sws_freeContext(sws) }
        let bt601 = sws_getCoefficients(SWS_CS_ITU601)
        _ = sws_setColorspaceDetails(sws, bt601, 1, bt601, 1, 0, 1 << 16, 1 << 16)
        let rc = sws_scale_frame(sws, f, rgb.pointer)
        try check(rc, "sws_scale_frame", path: path)
        f.pointee.format = AV_PIX_FMT_YUVJ420P.rawValue
        f.pointee.color_range = AVCOL_RANGE_JPEG
        return out
    }
}
