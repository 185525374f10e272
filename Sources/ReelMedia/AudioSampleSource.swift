internal import CFFmpeg
import ReelModel

/// Decodes the first audio stream of a file and returns planar float samples at the output rate
/// and channel count.
///
/// **Timing.** Output sample `i` of `samples(from: t, count:)` is output grid sample `k0 + i`,
/// at media time `(k0 + i) / sampleRate`, where `k0 = floor(t × sampleRate)` (exact integers;
/// a `t` on the grid is used as is). Media time is measured from the file's origin, the video
/// stream's start when there is one (see `VideoFrameSource`), so audio and video of one file stay
/// in sync. Samples outside the media are silence.
///
/// **Bit-exact joins.** The result is identical whatever was read before and wherever decoding
/// last seeked: decoding always has ≥ 0.5 s of history before a returned sample (see
/// `DecoderSampleWindow`), and resampling runs start at grid-aligned input positions with fixed,
/// absolutely aligned input chunks, so the resampler's phase and filter history are the same for
/// every caller. Independently rendered segments therefore join sample-exactly.
///
/// **Conversion.** When the source rate equals the output rate nothing is resampled (only format
/// and channel conversion). Mono sources are duplicated to every output channel; several channels
/// to mono are averaged; other layouts use libswresample's default down/up-mix. Asked for the
/// source's own count (`init(path:rules:sampleRate:channelsFor:)`), every channel passes as decoded.
///
/// Requests are expected in increasing order (decoding continues forward); any order is correct.
/// Not thread-safe: create, use and release one source on one thread.
public final class AudioSampleSource {
    /// The file decoded.
    public let path: String
    /// The output sample rate and channel count.
    public let sampleRate: Int32
    public let channels: Int
    /// The source stream's own sample rate.
    public let sourceSampleRate: Int32

    let window: DecoderSampleWindow
    var run: ResamplerRun? = nil
    private var scratch: [UnsafeMutablePointer<Float>] = []
    private var scratchCapacity = 0

    /// Opens `path` for decoding at `sampleRate` with `channels` channels; every open of the file (one per
    /// 4-second block) is checked against `rules`.
    /// - Throws: `MediaError.fileNotFound`, `.noAudioStream`, `.unsupportedCodec`, `.outsideRoots`, `.changed`,
    ///   or `.ffmpeg` naming the path and FFmpeg's message.
    public convenience init(path: String, rules: InputRules = .anywhere, sampleRate: Int32, channels: Int) throws(MediaError) {
        guard channels > 0 else {
            throw .invalidData(path: path, message: "output \(sampleRate) Hz × \(channels) channels is not positive")
        }
        try self.init(path: path, rules: rules, sampleRate: sampleRate, channelsFor: { _ in channels })
    }

    /// Opens `path` for decoding at `sampleRate` with the channel count `channelsFor` chooses from the stream's own
    /// count (return it unchanged to keep every channel as decoded, for a mix matrix applied later).
    /// - Throws: as `init(path:rules:sampleRate:channels:)`.
    public init(path: String, rules: InputRules = .anywhere, sampleRate: Int32,
                channelsFor: (_ sourceChannels: Int) -> Int) throws(MediaError) {
        guard sampleRate > 0 else {
            throw .invalidData(path: path, message: "output \(sampleRate) Hz is not positive")
        }
        self.path = path
        self.sampleRate = sampleRate
        window = try DecoderSampleWindow(path: path, rules: rules, channels: { max(1, channelsFor($0)) })
        channels = window.channels
        sourceSampleRate = window.sampleRate
    }

    deinit { scratch.forEach { $0.deallocate() } }

    /// The output grid index of the first sample for `mediaTime`: `floor(mediaTime × sampleRate)`.
    public func firstSampleIndex(for mediaTime: RationalTime) -> Int64 {
        Int64(clamping: DecoderClock.floorDiv(Int128(mediaTime.value) * Int128(sampleRate), Int128(mediaTime.timescale)))
    }

    /// `count` samples per channel starting at `mediaTime` (see the type's timing rule).
    /// - Throws: `MediaError` when decoding fails.
    public func samples(from mediaTime: RationalTime, count: Int) throws(MediaError) -> AudioBuffer {
        guard count > 0 else { return AudioBuffer(sampleRate: sampleRate, channels: channels, frames: 0) }
        let k0 = firstSampleIndex(for: mediaTime)
        reserve(count)
        if sourceSampleRate == sampleRate {
            try window.read(k0..<k0 + Int64(count), into: scratch)
        } else {
            try resampled(k0..<k0 + Int64(count), into: scratch)
        }
        return AudioBuffer(sampleRate: sampleRate,
                           samples: scratch.map { Array(UnsafeBufferPointer(start: $0, count: count)) })
    }

    /// Output samples `range` through a grid-aligned resampling run (see `ResamplerRun`).
    private func resampled(_ range: Range<Int64>, into target: [UnsafeMutablePointer<Float>]) throws(MediaError) {
        if run == nil || !run!.canServe(range.lowerBound) {
            run = try ResamplerRun(startingBefore: range.lowerBound, window: window, outRate: sampleRate)
        }
        try run!.read(range, from: window, into: target)
    }

    private func reserve(_ count: Int) {
        guard count > scratchCapacity else { return }
        scratch.forEach { $0.deallocate() }
        scratchCapacity = count
        scratch = (0..<channels).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: count) }
    }
}
