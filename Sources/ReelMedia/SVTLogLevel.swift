import Glibc

/// Keeps SVT-AV1's start-up banner (a dozen `Svt[info]` lines per part, on stderr) out of a worker's log.
///
/// SVT-AV1 reads its log level from `SVT_LOG` once, when its first encoder opens: 1 keeps errors and fatal
/// messages only. An operator who set `SVT_LOG` keeps theirs (setenv does not overwrite).
enum SVTLogLevel {
    /// Sets the level once per process, before the first AV1 encoder opens; later calls do nothing.
    static func ensureErrorsOnly() { _ = applied }

    private static let applied: Bool = setenv("SVT_LOG", "1", 0) == 0
}
