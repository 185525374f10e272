internal import CFFmpeg
import ReelModel

/// One stream of one file, demuxed and decoded frame by frame, with exact conversions between
/// the stream's ticks (`time_base` units) and media time.
///
/// **Media time.** Media time 0 is the file's *origin*: the first video stream's `start_time`
/// (the audio's when there is no video; see `Demuxer.origin()`), so MPEG-TS sources (which start
/// near 1.4 s) start at 0 and the streams of one file keep their relative offset. A packet's media
/// time is `pts × time_base − origin`. MP4 edit lists are honoured (FFmpeg applies them; samples
/// before the edit are still fed to the decoder and then dropped by it).
final class DecoderStream {
    let demuxer: Demuxer
    let decoder: Decoder
    let index: Int32
    let stream: UnsafeMutablePointer<AVStream>
    /// Exact conversions between this stream's ticks and media time.
    let clock: DecoderClock
    /// The stream's first timestamp in ticks, when the demuxer knows it.
    let startTicks: Int64?
    /// Whether the demuxer's index lists every frame (an MP4 sample table), not just those read.
    let hasCompleteIndex: Bool
    private let packet = DemuxerPacket()
    private var draining = false

    /// Opens the first stream of `type` in `path`.
    /// - Throws: `MediaError.noVideoStream` / `.noAudioStream` when there is none; open and decoder errors.
    init(path: String, rules: InputRules, type: AVMediaType, threaded: Bool) throws(MediaError) {
        let demuxer = try Demuxer(path: path, rules: rules)
        guard let index = demuxer.firstStream(of: type) else {
            throw type == AVMEDIA_TYPE_VIDEO ? .noVideoStream(path: path) : .noAudioStream(path: path)
        }
        demuxer.discardAll(except: index)
        let st = demuxer.stream(index)
        self.demuxer = demuxer
        self.index = index
        self.stream = st
        self.decoder = try Decoder(stream: st, path: path, threaded: threaded)
        clock = try DecoderClock(demuxer: demuxer, stream: st)
        startTicks = st.pointee.start_time == avNoPTS ? nil : st.pointee.start_time
        hasCompleteIndex = DecoderStream.isIndexComplete(st)
    }

    var path: String { demuxer.path }

    /// Whether `stream`'s index has an entry for every frame (a complete sample table).
    static func isIndexComplete(_ stream: UnsafeMutablePointer<AVStream>) -> Bool {
        stream.pointee.nb_frames > 0 && Int64(avformat_index_get_entries_count(stream)) >= stream.pointee.nb_frames
    }

    /// Decodes the next frame of the stream into `frame`.
    /// - Returns: false once the decoder is drained at the end of the stream.
    func next(into frame: DecoderFrame) throws(MediaError) -> Bool {
        while true {
            switch try decoder.receive(into: frame) {
            case .frame: return true
            case .finished: return false
            case .needsInput:
                if draining { return false }
                if try demuxer.read(streamIndex: index, into: packet) {
                    try decoder.send(packet.pointer)
                } else {
                    draining = true
                    try decoder.send(nil)
                }
            }
        }
    }

    /// Seeks to the last keyframe at or before `ticks` and flushes the decoder.
    func seek(to ticks: Int64) throws(MediaError) {
        try demuxer.seek(streamIndex: index, to: ticks)
        reset()
    }

    /// Goes back to the start of the stream and flushes the decoder.
    func rewind() throws(MediaError) {
        try demuxer.rewind(streamIndex: index)
        reset()
    }

    private func reset() {
        decoder.flush()
        av_packet_unref(packet.pointer)
        draining = false
    }

    /// The timestamp (ticks) of the last indexed keyframe at or before `ticks`, if the demuxer
    /// has an index. MP4 indexes hold decode timestamps, which are at or before presentation ones.
    func indexedKeyframe(atOrBefore ticks: Int64) -> Int64? {
        let i = av_index_search_timestamp(stream, ticks, AVSEEK_FLAG_BACKWARD)
        guard i >= 0 else { return nil }
        var ts: Int64 = 0, flags: Int32 = 0
        return reel_index_entry(stream, i, &ts, &flags) != 0 ? ts : nil
    }
}
