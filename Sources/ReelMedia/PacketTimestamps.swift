internal import CFFmpeg

/// Exact timestamp arithmetic between FFmpeg time bases. Rounding is never silent:
/// a conversion that does not land on an integer tick returns `nil`.
enum PacketTimestamps {
    /// `value · from / to`, or `nil` when that is not an integer or does not fit 64 bits.
    static func rescale(_ value: Int64, from: AVRational, to: AVRational) -> Int64? {
        let n = Int128(value) * Int128(from.num) * Int128(to.den)
        let d = Int128(from.den) * Int128(to.num)
        guard d != 0, n % d == 0 else { return nil }
        return Int64(exactly: n / d)
    }

    /// Like `rescale` but throws `MediaError.invalidData` naming `what` and `path` when inexact.
    static func rescaleExactly(_ value: Int64, from: AVRational, to: AVRational,
                               what: String, path: String) throws(MediaError) -> Int64 {
        guard let r = rescale(value, from: from, to: to) else {
            throw MediaError.invalidData(path: path, message: "\(what) \(value) in \(from.num)/\(from.den) "
                                         + "is not a whole number of ticks in \(to.num)/\(to.den)")
        }
        return r
    }

    /// `value · from / to` rounded to the nearest tick (halves away from zero), for Matroska and WebM, whose
    /// timestamps are whole milliseconds: 30 fps cannot be exact there. Frames and audio packets lie at least a
    /// millisecond apart, so the order survives; `OutputMuxer` still checks that dts strictly increases.
    static func rescaleRounded(_ value: Int64, from: AVRational, to: AVRational) -> Int64 {
        av_rescale_q_rnd(value, from, to, AV_ROUND_NEAR_INF)
    }
}
