internal import CFFmpeg
import ReelModel

/// Exact conversions between one stream's ticks (`time_base` units) and media time, whose 0 is
/// the file's origin (see `DecoderStream`). All arithmetic is in 128-bit integers.
struct DecoderClock {
    /// `time_base` as `tbNum / tbDen` seconds per tick.
    let tbNum: Int64, tbDen: Int64
    /// The origin in seconds, `originNum / originDen`.
    let originNum: Int64, originDen: Int64
    let path: String

    /// - Throws: `MediaError.invalidData` for a time base that is not positive or an origin out of range.
    init(demuxer: Demuxer, stream: UnsafeMutablePointer<AVStream>) throws(MediaError) {
        tbNum = Int64(stream.pointee.time_base.num)
        tbDen = Int64(stream.pointee.time_base.den)
        guard tbNum > 0, tbDen > 0 else {
            throw .invalidData(path: demuxer.path, message: "stream \(stream.pointee.index) has time base \(tbNum)/\(tbDen)")
        }
        (originNum, originDen) = try demuxer.origin()
        path = demuxer.path
    }

    /// The last tick whose media time is at or before `t`: `floor((t + origin) / time_base)`.
    func ticks(atOrBefore t: RationalTime) -> Int64 {
        let n = (Int128(t.value) * Int128(originDen) + Int128(originNum) * Int128(t.timescale)) * Int128(tbDen)
        return Int64(clamping: DecoderClock.floorDiv(n, Int128(t.timescale) * Int128(originDen) * Int128(tbNum)))
    }

    /// The last tick at or before sample `i` of a grid at `rate` samples per second of media time.
    func ticks(ofSample i: Int64, rate: Int32) -> Int64 {
        let n = (Int128(i) * Int128(originDen) + Int128(originNum) * Int128(rate)) * Int128(tbDen)
        return Int64(clamping: DecoderClock.floorDiv(n, Int128(rate) * Int128(originDen) * Int128(tbNum)))
    }

    /// The sample index (at `rate`) nearest to tick `ticks`, halves rounded up.
    func sampleIndex(ofTicks ticks: Int64, rate: Int32) -> Int64 {
        let n = (Int128(ticks) * Int128(tbNum) * Int128(originDen) - Int128(originNum) * Int128(tbDen)) * Int128(rate)
        let d = Int128(tbDen) * Int128(originDen)
        return Int64(clamping: DecoderClock.floorDiv(2 * n + d, 2 * d))
    }

    /// Media time of tick `ticks` as an exact `RationalTime`, when it fits.
    func mediaTime(ofTicks ticks: Int64) throws(MediaError) -> RationalTime {
        let n = Int128(ticks) * Int128(tbNum) * Int128(originDen) - Int128(originNum) * Int128(tbDen)
        return try DecoderClock.exactTime(n, Int128(tbDen) * Int128(originDen), path: path)
    }
}

extension DecoderClock {
    /// `floor(n / d)` for `d > 0`.
    static func floorDiv(_ n: Int128, _ d: Int128) -> Int128 {
        let q = n / d
        return (n % d != 0 && n < 0) ? q - 1 : q
    }

    /// `n / d` seconds (`d > 0`) as a reduced `RationalTime`.
    /// - Throws: `MediaError.invalidData` when the reduced value does not fit `RationalTime`.
    static func exactTime(_ n: Int128, _ d: Int128, path: String) throws(MediaError) -> RationalTime {
        var a = n.magnitude, b = d.magnitude
        while b != 0 { (a, b) = (b, a % b) }
        let g = Int128(max(a, 1))
        guard let value = Int64(exactly: n / g), let scale = Int32(exactly: d / g),
              let time = try? RationalTime(value: value, timescale: scale) else {
            throw .invalidData(path: path, message: "time \(n)/\(d) s does not fit a RationalTime")
        }
        return time
    }
}
