internal import CFFmpeg

/// FFmpeg's own message for an error code, through `av_strerror` (`av_err2str` cannot be imported).
func ffmpegErrorString(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: Int(reel_error_max_string_size()))
    if av_strerror(code, &buffer, buffer.count) < 0 { return "unknown error \(code)" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Every FFmpeg return code goes through here: a negative value becomes a `MediaError.ffmpeg`
/// carrying the C function's name, the code, FFmpeg's message and the file, if any.
/// - Returns: the non-negative result.
@discardableResult
func check(_ result: Int32, _ function: String, path: String? = nil) throws(MediaError) -> Int32 {
    guard result < 0 else { return result }
    throw MediaError.ffmpeg(function: function, code: result, message: ffmpegErrorString(result), path: path)
}

/// `AVERROR_EOF`, imported through the shim.
let averrorEOF: Int32 = reel_averror_eof()
/// `AVERROR(EAGAIN)`, imported through the shim.
let averrorEAGAIN: Int32 = reel_averror_eagain()
/// `AV_NOPTS_VALUE`, imported through the shim.
let avNoPTS: Int64 = reel_nopts_value()
