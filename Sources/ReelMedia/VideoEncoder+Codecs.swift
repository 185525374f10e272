internal import CFFmpeg
import ReelModel

/// The options of the encoders after H.264: each part a closed GOP opened by a keyframe that needs nothing
/// before it, with the parameter sets in the extradata only (global header), never repeated in the stream.
extension VideoEncoder {
    /// libx265: Main or Main10 from the pixel format; closed GOPs, IDR first frame, no repeated headers, and
    /// its thread pool and frame threads fixed from `threads`, because x265's output depends on them; `extra`
    /// parameters (colour, HDR: `x265ColorParams`) last.
    static func configureX265(_ encoder: EncoderContext, _ video: VideoCodecSettings, threads: Int,
                              extra: [String] = []) throws(MediaError) {
        try encoder.setOption("preset", video.preset)
        try encoder.setOption("forced-idr", "1")
        var params = ["open-gop=0", "repeat-headers=0", "info=0", "pools=\(max(1, threads))",
                      "frame-threads=\(min(max(1, threads), 4))", "log-level=error"]
        switch video.rateControl {
        case .crf(let crf): try encoder.setOption("crf", String(crf))
        case .bitrate(let kbps): encoder.pointer.pointee.bit_rate = Int64(kbps) * 1000
        case .lossless: params.append("lossless=1")
        }
        try encoder.setOption("x265-params", (params + extra).joined(separator: ":"))
    }

    /// libsvtav1: preset and crf; closed GOPs (key-frame refresh, never an intra-only CRA refresh across parts).
    static func configureSVTAV1(_ encoder: EncoderContext, _ video: VideoCodecSettings) throws(MediaError) {
        SVTLogLevel.ensureErrorsOnly()
        try encoder.setOption("preset", video.preset)
        if case .crf(let crf) = video.rateControl { try encoder.setOption("crf", String(crf)) }
        try encoder.setOption("svtav1-params", "irefresh-type=2")
    }
}
