import ReelModel

/// The FFmpeg-backed prober: a `Sendable` value whose `probe(path:)` reads `MediaFacts` with
/// `MediaProbe`. Each call opens, reads and closes the file on the calling thread.
public struct FFmpegProber: Sendable {
    /// Whether to read every video packet for exact keyframe times (see `MediaProbe`).
    public var scanKeyframes: Bool

    /// - Parameter scanKeyframes: read every video packet for keyframe times instead of the index.
    public init(scanKeyframes: Bool = false) {
        self.scanKeyframes = scanKeyframes
    }

    /// Probes `path`.
    /// - Throws: `MediaError` (see `MediaProbe.probe(path:scanKeyframes:)`).
    public func probe(path: String) throws -> MediaFacts {
        try MediaProbe.probe(path: path, rules: .anywhere, scanKeyframes: scanKeyframes)
    }
}
