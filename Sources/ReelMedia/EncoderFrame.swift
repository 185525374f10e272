internal import CFFmpeg
import ReelModel

/// An `AVFrame` owned by an encoder, freed in `deinit`. Used on one thread.
final class EncoderFrame {
    let pointer: UnsafeMutablePointer<AVFrame>

    init() throws(MediaError) {
        guard let f = av_frame_alloc() else {
            throw MediaError.ffmpeg(function: "av_frame_alloc", code: reel_averror(ENOMEM),
                                    message: "out of memory", path: nil)
        }
        pointer = f
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&f)
    }

    /// A video frame of the given size and pixel format (default yuv420p) with its own buffers, tagged `color`.
    static func video(width: Int, height: Int, format: AVPixelFormat = AV_PIX_FMT_YUV420P,
                      color: ColorDescription = .bt709) throws(MediaError) -> EncoderFrame {
        let frame = try EncoderFrame()
        frame.pointer.pointee.format = format.rawValue
        frame.pointer.pointee.width = Int32(width)
        frame.pointer.pointee.height = Int32(height)
        // The colour the encoder is configured with: prores_ks writes the frame's own tags into each frame
        // header (libx264 takes the encoder's).
        frame.pointer.pointee.color_primaries = color.avPrimaries
        frame.pointer.pointee.color_trc = color.avTransfer
        frame.pointer.pointee.colorspace = color.avColorSpace
        frame.pointer.pointee.color_range = color.avRange
        try check(av_frame_get_buffer(frame.pointer, 0), "av_frame_get_buffer")
        return frame
    }

    /// Copies `frame`'s planes in, row by row (FFmpeg's planes are padded, ours are tight).
    func fill(from frame: PlanarFrame) throws(MediaError) {
        try check(av_frame_make_writable(pointer), "av_frame_make_writable")
        copyPlane(frame.y, plane: 0, width: frame.width, height: frame.height)
        copyPlane(frame.u, plane: 1, width: frame.chromaWidth, height: frame.chromaHeight)
        copyPlane(frame.v, plane: 2, width: frame.chromaWidth, height: frame.chromaHeight)
    }

    private func copyPlane(_ source: [UInt8], plane: Int32, width: Int, height: Int) {
        guard let base = reel_frame_data(pointer, plane) else { return }
        let stride = Int(reel_frame_linesize(pointer, plane))
        source.withUnsafeBufferPointer { src in
            for row in 0..<height {
                (base + row * stride).update(from: src.baseAddress! + row * width, count: width)
            }
        }
    }
}
