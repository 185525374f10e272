internal import CFFmpeg
import ReelModel

extension VideoEncoder {
    /// Seconds between periodic keyframes inside a part (derived from settings only, so identical per part).
    static let keyframeIntervalSeconds: Int64 = 10

    /// Applies every setting that shapes the parameter sets or the bitstream, identically for every part:
    /// size, pixel format, SAR 1:1, the output colour's tags (BT.709 limited range unless told), time base
    /// `den/num`, global header, a fixed thread count, then the codec's own options (`configureX264` and the
    /// others in `VideoEncoder+Codecs`; x265 also takes the colour and `hdr` in its own parameters).
    static func configure(_ encoder: EncoderContext, settings: OutputSettings, format: VideoEncoderFormat,
                          threads: Int, color: ColorDescription, hdr: HDRMetadata?) throws(MediaError) {
        let ctx = encoder.pointer
        let rate = settings.frameRate
        ctx.pointee.width = Int32(settings.width)
        ctx.pointee.height = Int32(settings.height)
        ctx.pointee.pix_fmt = format.pixelFormat
        ctx.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        ctx.pointee.color_primaries = color.avPrimaries
        ctx.pointee.color_trc = color.avTransfer
        ctx.pointee.colorspace = color.avColorSpace
        ctx.pointee.color_range = color.avRange
        ctx.pointee.time_base = AVRational(num: rate.denominator, den: rate.numerator)
        ctx.pointee.framerate = AVRational(num: rate.numerator, den: rate.denominator)
        let perInterval = (keyframeIntervalSeconds * Int64(rate.numerator) + Int64(rate.denominator) - 1)
            / Int64(rate.denominator)
        ctx.pointee.gop_size = Int32(clamping: max(1, perInterval))
        // `|=`, never `=`: the codec defaults carry +cgop, and dropping it turns on open GOPs.
        ctx.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        ctx.pointee.flags |= Int32(bitPattern: AV_CODEC_FLAG_CLOSED_GOP)
        ctx.pointee.thread_count = Int32(max(1, threads))
        let video = settings.video
        switch video.codec {
        case .h264: try configureX264(encoder, video)
        case .hevc: try configureX265(encoder, video, threads: threads, extra: x265ColorParams(color, hdr: hdr))
        case .prores: try encoder.setOption("profile", video.profile ?? "hq")
        case .dnxhr: try encoder.setOption("profile", "dnxhr_" + (video.profile ?? "hq"))
        case .av1: try configureSVTAV1(encoder, video)
        }
    }

    /// libx264: preset, profile, rate control, forced IDR and no open GOP.
    private static func configureX264(_ encoder: EncoderContext, _ video: VideoCodecSettings) throws(MediaError) {
        try encoder.setOption("preset", video.preset)
        try applyRateControl(encoder, video)
        try encoder.setOption("forced-idr", "1")
        // Parsed last by libx264.c, after the flags above. `sync-lookahead=1`: x264's lookahead thread runs one
        // frame ahead of the encoding threads instead of `bframes + 1` (4 at veryfast), each a full frame with its
        // half-resolution planes: 21 MB less at 1920x1080 and the same bits (x264's decisions do not depend on its
        // threading; the streams' MD5 at 2 and 4 threads, bench/README.md).
        try encoder.setOption("x264-params", "open-gop=0:sync-lookahead=1")
    }

    private static func applyRateControl(_ encoder: EncoderContext, _ video: VideoCodecSettings) throws(MediaError) {
        switch video.rateControl {
        case .crf(let crf):
            try encoder.setOption("profile", x264Profile(video))
            try encoder.setOption("crf", String(crf))
        case .bitrate(let kbps):
            try encoder.setOption("profile", x264Profile(video))
            encoder.pointer.pointee.bit_rate = Int64(kbps) * 1000
        case .lossless:
            // qp 0 makes x264 pick High 4:4:4 Predictive, the only lossless profile, at any depth and chroma.
            try encoder.setOption("qp", "0")
        }
    }

    /// The named profile, else the lowest that carries the depth and chroma (8-bit 4:2:0 is High, as always).
    static func x264Profile(_ video: VideoCodecSettings) -> String {
        if let profile = video.profile { return profile }
        if video.chroma == .yuv422 { return "high422" }
        return video.bitDepth > 8 ? "high10" : "high"
    }
}
