internal import CFFmpeg

extension Demuxer {
    /// The file's media-time origin in seconds (`num / den`): the `start_time` of its first video
    /// stream, or of its first audio stream when it has no video, or 0 when neither declares one.
    ///
    /// Anchoring on the video keeps video frame `n` of a constant-rate source at exactly `n / fps`
    /// (MPEG-TS video starts near 1.4 s), and the audio keeps its offset from the video, so A/V sync
    /// survives: an MPEG-TS written by ffmpeg starts its AAC 1024 priming samples before the video,
    /// and those land just before media time 0. Exact: computed in the stream's own `time_base`,
    /// never from the container's microsecond `start_time`.
    /// - Throws: `MediaError.invalidData` when the start time in seconds does not fit 64 bits
    ///   (a crafted file; no real stream starts 10¹⁰ years in).
    func origin() throws(MediaError) -> (num: Int64, den: Int64) {
        for type in [AVMEDIA_TYPE_VIDEO, AVMEDIA_TYPE_AUDIO] {
            guard let i = firstStream(of: type) else { continue }
            let st = stream(i)
            guard st.pointee.start_time != avNoPTS else { continue }
            let base = st.pointee.time_base
            let (num, overflow) = st.pointee.start_time.multipliedReportingOverflow(by: Int64(base.num))
            guard !overflow, base.den > 0 else {
                throw .invalidData(path: path, message: "stream \(i) starts at \(st.pointee.start_time) × "
                                   + "\(base.num)/\(base.den) s, which is out of range")
            }
            return (num, Int64(base.den))
        }
        return (0, 1)
    }
}
