internal import CFFmpeg

/// Owns one `AVFrame`, reused for every decoded picture or block of samples.
final class DecoderFrame {
    let pointer: UnsafeMutablePointer<AVFrame>

    init() {
        guard let f = av_frame_alloc() else { fatalError("av_frame_alloc: out of memory") }
        pointer = f
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&f)
    }

    /// The frame's best-effort presentation timestamp in stream ticks, or nil when unknown.
    var timestamp: Int64? {
        let t = pointer.pointee.best_effort_timestamp
        if t != avNoPTS { return t }
        let p = pointer.pointee.pts
        return p == avNoPTS ? nil : p
    }
}
