internal import CFFmpeg
import ReelModel

/// Which FFmpeg encoder, pixel format and part muxer a render's video settings use: the one place that says so.
///
/// The compositor's pictures are 8-bit 4:2:0 (`PlanarFrame`); any other pixel format is reached by
/// `EncoderPixelConverter`, identically for every frame of every part.
struct VideoEncoderFormat {
    /// The libavcodec encoder: libx264, libx265, prores_ks, dnxhd or libsvtav1.
    let encoderName: String
    /// What the encoder is fed and stores.
    let pixelFormat: AVPixelFormat
    /// The part file's muxer: MP4 for the inter codecs (as H.264 parts always were), MOV for ProRes and DNxHR,
    /// which FFmpeg's MP4 muxer does not take. The part keeps its `.mp4` name; the demuxer reads both alike.
    let partMuxer: String

    init(_ video: VideoCodecSettings) {
        switch video.codec {
        case .h264: encoderName = "libx264"
        case .hevc: encoderName = "libx265"
        case .prores: encoderName = "prores_ks"
        case .dnxhr: encoderName = "dnxhd"
        case .av1: encoderName = "libsvtav1"
        }
        pixelFormat = Self.pixelFormat(bitDepth: video.storedBitDepth, chroma: video.storedChroma)
        partMuxer = video.codec.isIntraOnly ? "mov" : "mp4"
    }

    /// Planar YUV of the given depth (8 or 10, little-endian) and chroma.
    static func pixelFormat(bitDepth: Int, chroma: ChromaFormat) -> AVPixelFormat {
        switch (bitDepth, chroma) {
        case (8, .yuv420): return AV_PIX_FMT_YUV420P
        case (8, .yuv422): return AV_PIX_FMT_YUV422P
        case (8, .yuv444): return AV_PIX_FMT_YUV444P
        case (_, .yuv420): return AV_PIX_FMT_YUV420P10LE
        case (_, .yuv422): return AV_PIX_FMT_YUV422P10LE
        case (_, .yuv444): return AV_PIX_FMT_YUV444P10LE
        }
    }
}
