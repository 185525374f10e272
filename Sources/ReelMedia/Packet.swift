internal import CFFmpeg

/// One compressed packet, owning its `AVPacket` (freed in `deinit`).
///
/// Timestamps are in `timeBase` (the stream's time base for packets read from a file, the
/// encoder's for packets fresh from an encoder). Not `Sendable`: use it on the thread that made it.
public final class Packet {
    let pointer: UnsafeMutablePointer<AVPacket>
    /// The time base of `pts`, `dts` and `duration`, as `(numerator, denominator)`.
    public internal(set) var timeBase: (numerator: Int32, denominator: Int32)

    init(timeBase: AVRational = AVRational(num: 0, den: 1)) throws(MediaError) {
        guard let p = av_packet_alloc() else {
            throw MediaError.ffmpeg(function: "av_packet_alloc", code: reel_averror(ENOMEM),
                                    message: "out of memory", path: nil)
        }
        pointer = p
        self.timeBase = (timeBase.num, timeBase.den)
    }

    deinit {
        var p: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&p)
    }

    var avTimeBase: AVRational {
        get { AVRational(num: timeBase.numerator, den: timeBase.denominator) }
        set { timeBase = (newValue.num, newValue.den) }
    }

    /// Presentation timestamp in `timeBase`, or `nil` when the packet has none.
    public var pts: Int64? {
        get { pointer.pointee.pts == avNoPTS ? nil : pointer.pointee.pts }
        set { pointer.pointee.pts = newValue ?? avNoPTS }
    }

    /// Decoding timestamp in `timeBase`, or `nil` when the packet has none.
    public var dts: Int64? {
        get { pointer.pointee.dts == avNoPTS ? nil : pointer.pointee.dts }
        set { pointer.pointee.dts = newValue ?? avNoPTS }
    }

    /// Duration in `timeBase` (0 when unknown).
    public var duration: Int64 {
        get { pointer.pointee.duration }
        set { pointer.pointee.duration = newValue }
    }

    /// Whether the packet is flagged as a keyframe (`AV_PKT_FLAG_KEY`).
    public var isKeyframe: Bool { pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 }

    /// Payload size in bytes.
    public var size: Int { Int(pointer.pointee.size) }

    /// A copy of the payload.
    public var bytes: [UInt8] {
        guard let data = pointer.pointee.data, pointer.pointee.size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(pointer.pointee.size)))
    }

    /// Drops the payload and resets every field, keeping the allocation for reuse.
    func unref() { av_packet_unref(pointer) }
}
