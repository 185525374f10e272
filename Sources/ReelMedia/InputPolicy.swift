internal import CFFmpeg
import Foundation

/// What FFmpeg may do when Reel opens a file somebody else supplied.
///
/// A media file under a media root must not make a worker read anything else. So every input:
/// - must be a regular file (a FIFO or device would block the worker forever; a folder is a mistake);
/// - is opened as `file:<path>` with `protocol_whitelist=file`, so no name inside it reaches the
///   network, a pipe, `concat:`, `subfile:` or any other protocol;
/// - may not be, or be probed as, a demuxer that opens further files it names: HLS and DASH
///   playlists, the concat and IMF demuxers, image2 sequences, SDP/RTP/RTSP descriptions. The context's
///   `format_whitelist` holds every other demuxer, so FFmpeg never opens a file as one of them; when such a
///   file then fails to open, its first bytes are probed once more to say what it is (`refusedDemuxers`).
///   The usual open, which succeeds, probes only once.
/// - MOV/MP4 data references stay off (`enable_drefs=0`, FFmpeg's default, set explicitly).
enum InputPolicy {
    /// Demuxers that read other files or URLs named in the input.
    static let refusedDemuxers: Set<String> = [
        "hls", "applehttp", "dash", "concat", "imf", "image2", "image2pipe", "sdp", "rtp", "rtsp",
        "webm_dash_manifest", "ffmetadata", "tee", "data",
    ]
    /// The largest file header read to identify a format before opening it.
    static let sniffBytes = 4096

    /// Every compiled-in demuxer name except the refused ones, comma-separated (`format_whitelist`).
    static let allowedDemuxers: String = {
        var opaque: UnsafeMutableRawPointer?
        var names: [String] = []
        while let format = av_demuxer_iterate(&opaque) {
            let aliases = String(cString: format.pointee.name).split(separator: ",").map(String.init)
            guard !aliases.contains(where: refusedDemuxers.contains) else { continue }
            names += aliases
        }
        return names.joined(separator: ",")
    }()

    /// Opens `file` (already checked, `InputFile`) for demuxing under the policy. FFmpeg opens the checked
    /// descriptor's file through `/proc/self/fd`, never the name. The caller owns the context (`avformat_close_input`).
    /// - Throws: `.invalidData` for a refused format, `.ffmpeg` when FFmpeg cannot open it.
    static func openInput(_ file: InputFile) throws(MediaError) -> UnsafeMutablePointer<AVFormatContext> {
        AllocatorTuning.ensure()
        let path = file.path
        guard let allocated = avformat_alloc_context() else {
            throw .invalidData(path: path, message: "avformat_alloc_context failed")
        }
        allocated.pointee.format_whitelist = av_strdup(allowedDemuxers)
        var ctx: UnsafeMutablePointer<AVFormatContext>? = allocated
        var options: OpaquePointer?
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        av_dict_set(&options, "enable_drefs", "0", 0)
        defer { av_dict_free(&options) }
        // On failure avformat_open_input frees the context and sets it to nil.
        // A PNG or JPEG opens as one picture (`InputPolicy+Still`), whatever its name.
        let head = file.head(sniffBytes)
        let opened = avformat_open_input(&ctx, url(file.openPath), stillFormat(head), &options)
        if opened < 0 { try refuseReferencingFormats(path, head: head) }
        try check(opened, "avformat_open_input", path: path)
        guard let ctx else { throw .invalidData(path: path, message: "avformat_open_input returned no context") }
        return ctx
    }

    /// `file:` + the path, so a name with a colon is never taken for a protocol.
    static func url(_ path: String) -> String { "file:" + path }

    /// Identifies the format from the file's first bytes and name, and refuses a referencing one.
    static func refuseReferencingFormats(_ path: String, head: [UInt8]) throws(MediaError) {
        guard let name = sniffedFormat(path, head: head) else { return }
        let aliases = name.split(separator: ",").map(String.init)
        guard let refused = aliases.first(where: refusedDemuxers.contains) else { return }
        throw .invalidData(path: path, message: "is \(describe(refused)), which names other files or URLs to read; "
                           + "Reel opens only self-contained media files")
    }

    /// The demuxer FFmpeg would pick for the file's first bytes (`head`) and its name, or nil.
    static func sniffedFormat(_ path: String, head: [UInt8]) -> String? {
        var buffer = head
        buffer += [UInt8](repeating: 0, count: Int(AVPROBE_PADDING_SIZE))
        return buffer.withUnsafeMutableBufferPointer { bytes in
            path.withCString { name in
                var probe = AVProbeData(filename: name, buf: bytes.baseAddress, buf_size: Int32(head.count), mime_type: nil)
                guard let format = av_probe_input_format(&probe, 1) else { return nil }
                return String(cString: format.pointee.name)
            }
        }
    }

    static func describe(_ demuxer: String) -> String {
        switch demuxer {
        case "hls", "applehttp": return "an HLS playlist"
        case "dash", "webm_dash_manifest": return "a DASH manifest"
        case "concat": return "an FFmpeg concat list"
        case "image2", "image2pipe": return "an image sequence"
        default: return "a \(demuxer) file"
        }
    }
}
