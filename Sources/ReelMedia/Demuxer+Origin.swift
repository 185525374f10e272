import CFFmpeg

extension Demuxer {
    /// The file's media-time origin in seconds (`num / den`): the `start_time` of its first video
    /// stream, or of its first audio stream when it has no video, or 0 when neither declares one.
    ///
    /// Anchoring on the video keeps video frame `n` of a constant-rate source at exactly `n / fps`
    /// (MPEG-TS video starts near 1.4 s), and the audio keeps its offset from the video, so A/V sync
    /// survives: an MPEG-TS written by ffmpeg starts its AAC 1024 priming samples before the video,
    /// and those land just before media time 0. Exact: computed in the stream's own `time_base`,
    /// never from the container's microsecond `start_time`.
    func origin() -> (num: Int64, den: Int64) {
        for type in [AVMEDIA_TYPE_VIDEO, AVMEDIA_TYPE_AUDIO] {
            guard let i = firstStream(of: type) else { continue }
            let st = stream(i)
            guard st.pointee.start_time != avNoPTS else { continue }
            return (st.pointee.start_time * Int64(st.pointee.time_base.num), Int64(st.pointee.time_base.den))
        }
        return (0, 1)
    }
}
