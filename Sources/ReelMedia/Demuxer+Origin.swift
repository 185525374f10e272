import CFFmpeg

extension Demuxer {
    /// The file's media-time origin in seconds (`num / den`): the earliest `start_time` of its first
    /// video and first audio stream, or 0 when neither declares one. Exact: computed from each
    /// stream's own `time_base`, never from the container's microsecond `start_time`.
    func origin() -> (num: Int64, den: Int64) {
        var best: (num: Int64, den: Int64)? = nil
        for type in [AVMEDIA_TYPE_VIDEO, AVMEDIA_TYPE_AUDIO] {
            guard let i = firstStream(of: type) else { continue }
            let st = stream(i)
            guard st.pointee.start_time != avNoPTS else { continue }
            let candidate = (num: st.pointee.start_time * Int64(st.pointee.time_base.num),
                             den: Int64(st.pointee.time_base.den))
            if let b = best, Int128(b.num) * Int128(candidate.den) <= Int128(candidate.num) * Int128(b.den) {
                continue
            }
            best = candidate
        }
        return best ?? (0, 1)
    }
}
