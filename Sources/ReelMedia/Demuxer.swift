internal import CFFmpeg
import Foundation

/// Owns an `AVFormatContext` opened for reading one file. Like every FFmpeg context it is
/// created, used and freed on one thread; only plain values leave it.
final class Demuxer {
    let path: String
    let context: UnsafeMutablePointer<AVFormatContext>

    /// Opens `path` under `rules` (`InputFile`) and the `InputPolicy`, and reads its stream information.
    /// - Throws: `MediaError.fileNotFound` when nothing is at `path`; `.invalidData` for a FIFO, device or
    ///   a playlist that names other files; `.outsideRoots` / `.changed` (`InputFile`); `MediaError.ffmpeg`
    ///   naming the path and FFmpeg's message when the file cannot be opened or parsed (corrupt, truncated).
    convenience init(path: String, rules: InputRules) throws(MediaError) {
        try self.init(try InputFile(path, rules: rules))
    }

    /// Opens a file already checked.
    init(_ file: InputFile) throws(MediaError) {
        let path = file.path
        let ctx = try InputPolicy.openInput(file)
        var raw: UnsafeMutablePointer<AVFormatContext>? = ctx
        let found = avformat_find_stream_info(ctx, nil)
        if found < 0 {
            avformat_close_input(&raw)
            try check(found, "avformat_find_stream_info", path: path)
        }
        self.path = path
        self.context = ctx
    }

    deinit {
        var raw: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&raw)
    }

    var streamCount: Int32 { Int32(context.pointee.nb_streams) }

    func stream(_ index: Int32) -> UnsafeMutablePointer<AVStream> {
        context.pointee.streams[Int(index)]!
    }

    /// The index of the first stream of `type`, skipping attached pictures (cover art).
    func firstStream(of type: AVMediaType) -> Int32? {
        for i in 0..<streamCount {
            let st = stream(i)
            guard st.pointee.codecpar.pointee.codec_type == type else { continue }
            if st.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 { continue }
            return i
        }
        return nil
    }

    /// Tells the demuxer to skip every stream but `index`, so reading wastes no time on them.
    func discardAll(except index: Int32) {
        for i in 0..<streamCount {
            stream(i).pointee.discard = i == index ? AVDISCARD_DEFAULT : AVDISCARD_ALL
        }
    }

    /// Reads the next packet of stream `index` into `packet`.
    /// - Returns: false at the end of the file.
    func read(streamIndex index: Int32, into packet: DemuxerPacket) throws(MediaError) -> Bool {
        while true {
            av_packet_unref(packet.pointer)
            let rc = av_read_frame(context, packet.pointer)
            if rc == averrorEOF {
                try checkComplete(streamIndex: index)
                return false
            }
            try check(rc, "av_read_frame", path: path)
            if packet.pointer.pointee.stream_index == index { return true }
        }
    }

    /// At the end of the file: refuses one whose index places samples of stream `index` past its last byte (a copy
    /// cut short, a download stopped). FFmpeg reads such a file's end as the end of the stream, so without this the
    /// clip would hold its last picture, or fall silent, where the source was cut; whether a decoder's frame threads
    /// happened to report the cut packet as an error is not a check.
    func checkComplete(streamIndex index: Int32) throws(MediaError) {
        guard let pb = context.pointee.pb else { return }
        let end = reel_index_end(stream(index)), size = avio_size(pb)
        guard end > 0, size > 0, end > size else { return }
        throw .invalidData(path: path, message: "is truncated: its index places samples up to byte \(end), "
                           + "but the file ends at byte \(size)")
    }

    /// Seeks stream `index` to the last keyframe at or before `timestamp` (stream ticks):
    /// `avformat_seek_file(ctx, idx, INT64_MIN, ts, ts, 0)`. When no such keyframe is found
    /// (a target before the first one), rewinds to the start of the file instead.
    func seek(streamIndex index: Int32, to timestamp: Int64) throws(MediaError) {
        if avformat_seek_file(context, index, Int64.min, timestamp, timestamp, 0) >= 0 { return }
        try rewind(streamIndex: index)
    }

    /// Goes back to the start of the file. Formats with timestamp discontinuities (MPEG-TS/PS) seek
    /// imprecisely by time, so they go back to byte 0; the others seek to the stream's start time.
    func rewind(streamIndex index: Int32) throws(MediaError) {
        let flags = context.pointee.iformat.pointee.flags
        if flags & AVFMT_TS_DISCONT != 0 && flags & AVFMT_NO_BYTE_SEEK == 0 {
            try check(av_seek_frame(context, -1, 0, AVSEEK_FLAG_BYTE), "av_seek_frame", path: path)
            return
        }
        let st = stream(index).pointee.start_time
        let start = st == avNoPTS ? 0 : st
        if avformat_seek_file(context, index, Int64.min, start, start, 0) >= 0 { return }
        if avformat_seek_file(context, index, Int64.min, start, Int64.max, 0) >= 0 { return }
        try check(av_seek_frame(context, -1, 0, AVSEEK_FLAG_BYTE), "av_seek_frame", path: path)
    }
}
