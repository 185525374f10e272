internal import CFFmpeg
import ReelModel

extension VideoEncoder {
    /// Seconds between periodic IDR frames inside a part (derived from settings only, so identical per part).
    static let keyframeIntervalSeconds: Int64 = 10

    /// Applies every setting that shapes SPS/PPS or the bitstream, identically for every part:
    /// size, yuv420p, SAR 1:1, BT.709 limited range, time base `den/num`, preset, profile,
    /// rate control, closed GOPs, forced IDR, global header and a fixed thread count.
    static func configure(_ encoder: EncoderContext, settings: OutputSettings, threads: Int) throws(MediaError) {
        let ctx = encoder.pointer
        let rate = settings.frameRate
        ctx.pointee.width = Int32(settings.width)
        ctx.pointee.height = Int32(settings.height)
        ctx.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        ctx.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        ctx.pointee.color_primaries = AVCOL_PRI_BT709
        ctx.pointee.color_trc = AVCOL_TRC_BT709
        ctx.pointee.colorspace = AVCOL_SPC_BT709
        ctx.pointee.color_range = AVCOL_RANGE_MPEG
        ctx.pointee.time_base = AVRational(num: rate.denominator, den: rate.numerator)
        ctx.pointee.framerate = AVRational(num: rate.numerator, den: rate.denominator)
        let perInterval = (keyframeIntervalSeconds * Int64(rate.numerator) + Int64(rate.denominator) - 1)
            / Int64(rate.denominator)
        ctx.pointee.gop_size = Int32(clamping: max(1, perInterval))
        // `|=`, never `=`: the codec defaults carry +cgop, and dropping it turns on open GOPs.
        ctx.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        ctx.pointee.flags |= Int32(bitPattern: AV_CODEC_FLAG_CLOSED_GOP)
        ctx.pointee.thread_count = Int32(max(1, threads))
        try encoder.setOption("preset", settings.video.preset)
        try applyRateControl(encoder, settings.video.rateControl)
        try encoder.setOption("forced-idr", "1")
        // Parsed last by libx264.c, after the flags above.
        try encoder.setOption("x264-params", "open-gop=0")
    }

    private static func applyRateControl(_ encoder: EncoderContext,
                                         _ rateControl: VideoCodecSettings.RateControl) throws(MediaError) {
        switch rateControl {
        case .crf(let crf):
            try encoder.setOption("profile", "high")
            try encoder.setOption("crf", String(crf))
        case .bitrate(let kbps):
            try encoder.setOption("profile", "high")
            encoder.pointer.pointee.bit_rate = Int64(kbps) * 1000
        case .lossless:
            // qp 0 on 4:2:0 makes x264 pick High 4:4:4 Predictive, the only lossless profile.
            try encoder.setOption("qp", "0")
        }
    }
}
