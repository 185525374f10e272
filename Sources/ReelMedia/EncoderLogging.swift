internal import CFFmpeg

/// FFmpeg's default log level (info) makes libx264 print its option string and statistics for
/// every part. The first encoder lowers the level to warnings, unless someone already chose a
/// level other than the default; set `REEL_FFMPEG_LOG=info` (or any level name) to keep more.
enum EncoderLogging {
    static let configured: Void = {
        let requested = getenv("REEL_FFMPEG_LOG").map { String(cString: $0) }
        let levels: [String: Int32] = ["quiet": AV_LOG_QUIET, "error": AV_LOG_ERROR, "warning": AV_LOG_WARNING,
                                       "info": AV_LOG_INFO, "verbose": AV_LOG_VERBOSE, "debug": AV_LOG_DEBUG]
        if let requested, let level = levels[requested] {
            av_log_set_level(level)
        } else if av_log_get_level() == AV_LOG_INFO {
            av_log_set_level(AV_LOG_WARNING)
        }
    }()
}

/// FFmpeg's process-wide log level.
public enum MediaLogging {
    /// Applies `REEL_FFMPEG_LOG` (quiet, error, warning, info, verbose, debug), or `defaultLevel` when unset.
    /// The CLI calls this once at start: Reel reports every failure itself, naming the file and FFmpeg's
    /// message, so FFmpeg's own log lines would only interleave with the progress display.
    public static func configure(defaultLevel: String = "quiet") {
        if getenv("REEL_FFMPEG_LOG") == nil { setenv("REEL_FFMPEG_LOG", defaultLevel, 0) }
        EncoderLogging.configured
    }
}
