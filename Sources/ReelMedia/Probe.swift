internal import CFFmpeg
import Foundation
import ReelModel

/// Reads the facts about a media file that validation and planning need, with libavformat.
///
/// - Durations are exact: a stream's `duration × time_base`, falling back to the container's
///   duration (microseconds) when the stream declares none. The file's `duration` is the longer of
///   the video and audio durations (the container's when it has neither).
/// - Video `width`/`height` are the stored (coded) size, *before* `rotation` is applied;
///   `rotation` is clockwise degrees (0, 90, 180, 270) from the display matrix.
/// - Keyframe times are media times (see `VideoFrameSource`). By default they come from the
///   demuxer's index (MP4: the sample table), shifted from decode to presentation time by the first
///   packet's `pts − dts`; exact for closed-GOP streams, empty for formats without an index
///   (MPEG-TS). `scanKeyframes: true` reads every video packet instead: exact, but reads the file.
public enum MediaProbe {
    /// Probes `path`, opened under `rules` (`InputFile`); the facts record the file opened (`fileID`).
    /// - Throws: `MediaError.fileNotFound` when nothing is at `path`; `MediaError.ffmpeg` with the path
    ///   and FFmpeg's message when the file is unreadable, corrupt or truncated;
    ///   `MediaError.unsupportedCodec` when this FFmpeg cannot decode its video or audio stream;
    ///   `.outsideRoots` / `.changed` when `rules` refuse the file.
    public static func probe(path: String, rules: InputRules = .anywhere,
                             scanKeyframes: Bool = false) throws(MediaError) -> MediaFacts {
        let file = try InputFile(path, rules: rules)
        let demuxer = try Demuxer(file)
        var video: MediaFacts.Video? = nil
        var audio: MediaFacts.Audio? = nil
        if let i = demuxer.firstStream(of: AVMEDIA_TYPE_VIDEO) {
            video = try videoFacts(demuxer, i, scanKeyframes: scanKeyframes)
        }
        if let i = demuxer.firstStream(of: AVMEDIA_TYPE_AUDIO) {
            audio = try audioFacts(demuxer, i)
        }
        var duration = max(video?.duration ?? .zero, audio?.duration ?? .zero)
        if video == nil && audio == nil {
            duration = try containerDuration(demuxer) ?? .zero
        }
        return MediaFacts(path: path, duration: duration, video: video, audio: audio,
                          fileSize: file.id.size, modificationTime: file.id.modificationTime, fileID: file.id)
    }

    /// Nanoseconds since 1970, saturating: ext4 keeps dates up to 2446, and nanoseconds overflow 64 bits
    /// past 2262, so a file touched to a far date must not trap.
    static func nanoseconds(_ seconds: Int64, _ nanos: Int64) -> Int64 {
        let (ns, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, carry) = ns.addingReportingOverflow(nanos)
        guard !overflow, !carry else { return seconds < 0 ? Int64.min : Int64.max }
        return sum
    }

    /// `path|size|mtime` of an opened file, the identity of its content used in content hashes
    /// (as `MediaFacts.fingerprint`).
    public static func fingerprint(_ file: InputFile) -> String {
        FileID.fingerprint(path: file.path, size: file.id.size, modificationTime: file.id.modificationTime)
    }

    /// The stream's exact duration, else the container's.
    static func duration(_ demuxer: Demuxer, _ index: Int32) throws(MediaError) -> RationalTime {
        let st = demuxer.stream(index).pointee
        if st.duration != avNoPTS && st.duration > 0 {
            return try DecoderClock.exactTime(Int128(st.duration) * Int128(st.time_base.num), Int128(st.time_base.den),
                                 path: demuxer.path)
        }
        return try containerDuration(demuxer) ?? .zero
    }

    static func containerDuration(_ demuxer: Demuxer) throws(MediaError) -> RationalTime? {
        let d = demuxer.context.pointee.duration
        guard d != avNoPTS, d > 0 else { return nil }
        return try DecoderClock.exactTime(Int128(d), Int128(AV_TIME_BASE), path: demuxer.path)
    }

    static func codecName(_ par: UnsafeMutablePointer<AVCodecParameters>, path: String) throws(MediaError) -> String {
        let name = String(cString: avcodec_get_name(par.pointee.codec_id))
        guard avcodec_find_decoder(par.pointee.codec_id) != nil else {
            throw .unsupportedCodec(path: path, codec: name)
        }
        return name
    }

    static func audioFacts(_ demuxer: Demuxer, _ index: Int32) throws(MediaError) -> MediaFacts.Audio {
        let par = demuxer.stream(index).pointee.codecpar!
        return MediaFacts.Audio(codec: try codecName(par, path: demuxer.path),
                                sampleRate: par.pointee.sample_rate,
                                channels: Int(par.pointee.ch_layout.nb_channels),
                                duration: try duration(demuxer, index))
    }
}
