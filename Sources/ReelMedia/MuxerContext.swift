internal import CFFmpeg

/// An output `AVFormatContext` with its open `AVIOContext`, both freed in `deinit`. Used on one thread.
///
/// Life: `init` → `addStream` … → `writeHeader` → `write` … → `finish`. A context dropped before
/// `finish` closes its file, which is then incomplete: the caller deletes it.
final class MuxerContext {
    let pointer: UnsafeMutablePointer<AVFormatContext>
    let path: String
    private(set) var isFinished = false

    /// - Parameters:
    ///   - path: the file, for messages;
    ///   - url: what FFmpeg opens, and reopens for the faststart pass (a `TemporaryOutput.writePath`);
    ///     `path` when nil.
    ///   - formatName: an FFmpeg muxer name (`mp4`, `mov`, `ipod`).
    init(path: String, url: String? = nil, formatName: String) throws(MediaError) {
        let url = url ?? path
        var ctx: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&ctx, nil, formatName, url),
                  "avformat_alloc_output_context2(\(formatName))", path: path)
        guard let ctx else {
            throw MediaError.io(path: path, message: "no muxer named \(formatName)")
        }
        // Open the file before any stored property is set: a throwing init then never runs `deinit`,
        // so the context is freed exactly once, here.
        var options: OpaquePointer?
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        defer { av_dict_free(&options) }
        let opened = avio_open2(&ctx.pointee.pb, InputPolicy.url(url), AVIO_FLAG_WRITE, nil, &options)
        guard opened >= 0 else {
            avformat_free_context(ctx)
            throw MediaError.io(path: path, message: "cannot be created: \(ffmpegErrorString(opened))")
        }
        pointer = ctx
        self.path = path
    }

    deinit {
        if pointer.pointee.pb != nil { avio_closep(&pointer.pointee.pb) }
        avformat_free_context(pointer)
    }

    /// A new stream; its index is `stream.pointee.index`.
    func addStream() throws(MediaError) -> UnsafeMutablePointer<AVStream> {
        guard let st = avformat_new_stream(pointer, nil) else {
            throw MediaError.ffmpeg(function: "avformat_new_stream", code: reel_averror(ENOMEM),
                                    message: "out of memory", path: path)
        }
        return st
    }

    /// `avformat_write_header` with muxer options (e.g. `movflags`). Stream time bases may change here.
    func writeHeader(options: [String: String]) throws(MediaError) {
        var dict: OpaquePointer?
        for (key, value) in options.sorted(by: { $0.key < $1.key }) { av_dict_set(&dict, key, value, 0) }
        defer { av_dict_free(&dict) }
        try check(avformat_write_header(pointer, &dict), "avformat_write_header", path: path)
        if let unused = av_dict_get(dict, "", nil, AV_DICT_IGNORE_SUFFIX) {
            throw MediaError.invalidData(path: path, message: "muxer ignored option \(String(cString: unused.pointee.key))")
        }
    }

    /// The time base of stream `index`, valid after `writeHeader`.
    func timeBase(ofStream index: Int32) -> AVRational {
        pointer.pointee.streams[Int(index)]!.pointee.time_base
    }

    /// `av_interleaved_write_frame`; the packet's payload is taken over by FFmpeg.
    func write(_ packet: Packet) throws(MediaError) {
        try check(av_interleaved_write_frame(pointer, packet.pointer), "av_interleaved_write_frame", path: path)
    }

    /// Closes the file without a trailer, for `MovieIndexWriter`, which wrote the samples and the index itself.
    func closeWithoutTrailer() throws(MediaError) {
        guard !isFinished else { return }
        isFinished = true
        try check(avio_closep(&pointer.pointee.pb), "avio_closep", path: path)
    }

    /// Flushes the interleaving queue, writes the trailer (and the faststart move) and closes the file.
    func finish() throws(MediaError) {
        guard !isFinished else { return }
        isFinished = true
        try check(av_write_trailer(pointer), "av_write_trailer", path: path)
        try check(avio_closep(&pointer.pointee.pb), "avio_closep", path: path)
    }
}
