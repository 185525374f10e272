import ReelModel

/// What probing one source file found (`MediaFacts`), as a job stores it inside its `RenderRequest`: the
/// coordinator records it at submit, and a worker whose open of the same path finds the same size and
/// modification time uses it instead of probing the file again.
///
/// Every value is kept exactly: a time is `[value, timescale]` as the probe gave it (never reduced), a frame
/// rate `[numerator, denominator]`. The file's device and inode (`MediaFacts.fileID`) are not recorded: they
/// name the file as the submitting host opened it, and a worker puts its own open in their place.
public struct MediaFactsRecord: Codable, Sendable, Hashable {
    /// The video stream (`MediaFacts.Video`).
    public struct Video: Codable, Sendable, Hashable {
        public var codec: String
        public var width: Int
        public var height: Int
        public var rotation: Int
        public var frameRate: [Int32]?
        public var duration: [Int64]
        public var keyframes: [[Int64]]
        public var isStill: Bool
        /// What the probe read of the colour (MediaFactsRecord+Color); nil in a record written before Reel
        /// read colour, which is then probed again rather than taken as BT.709.
        public var color: ColorFacts?
        /// `MediaFacts.Video.bitRate`; nil when the probe found none, and in a record written before Reel read it.
        public var bitRate: Int64?
    }

    /// The audio stream (`MediaFacts.Audio`).
    public struct Audio: Codable, Sendable, Hashable {
        public var codec: String
        public var sampleRate: Int32
        public var channels: Int
        public var duration: [Int64]
    }

    /// The path the file was probed as (resolved against the composition's folder).
    public var path: String
    public var duration: [Int64]
    public var video: Video?
    public var audio: Audio?
    /// The size and modification time (ns) the facts belong to: the file's fingerprint with `path`.
    public var fileSize: Int64
    public var modificationTime: Int64

    /// The record of `facts`.
    public init(_ facts: MediaFacts) {
        path = facts.path
        duration = Self.pair(facts.duration)
        video = facts.video.map { v in
            Video(codec: v.codec, width: v.width, height: v.height, rotation: v.rotation,
                  frameRate: v.frameRate.map { [$0.numerator, $0.denominator] }, duration: Self.pair(v.duration),
                  keyframes: v.keyframes.map(Self.pair), isStill: v.isStill, color: ColorFacts(v), bitRate: v.bitRate)
        }
        audio = facts.audio.map { a in
            Audio(codec: a.codec, sampleRate: a.sampleRate, channels: a.channels, duration: Self.pair(a.duration))
        }
        fileSize = facts.fileSize
        modificationTime = facts.modificationTime
    }

    /// The facts recorded, without a `fileID`; nil when a value is one no probe gives (a timescale or frame rate
    /// that is not positive, a time that is not a pair, a negative size or count, a rotation other than 0, 90,
    /// 180 or 270), so that a record a coordinator did not write is probed again instead of trusted.
    public var facts: MediaFacts? {
        guard fileSize >= 0, let duration = Self.time(duration) else { return nil }
        var video: MediaFacts.Video?
        if let v = self.video {
            guard let facts = Self.videoFacts(v) else { return nil }
            video = facts
        }
        var audio: MediaFacts.Audio?
        if let a = self.audio {
            guard a.sampleRate >= 0, a.channels >= 0, let length = Self.time(a.duration) else { return nil }
            audio = MediaFacts.Audio(codec: a.codec, sampleRate: a.sampleRate, channels: a.channels, duration: length)
        }
        return MediaFacts(path: path, duration: duration, video: video, audio: audio, fileSize: fileSize,
                          modificationTime: modificationTime)
    }

    /// The video stream's facts; nil for a value no probe gives.
    static func videoFacts(_ v: Video) -> MediaFacts.Video? {
        guard v.width >= 0, v.height >= 0, [0, 90, 180, 270].contains(v.rotation),
              let duration = time(v.duration) else { return nil }
        var rate: FrameRate?
        if let r = v.frameRate {
            guard r.count == 2, let parsed = try? FrameRate(r[0], r[1]) else { return nil }
            rate = parsed
        }
        let keyframes = v.keyframes.compactMap(time)
        guard keyframes.count == v.keyframes.count, v.bitRate.map({ $0 > 0 }) ?? true, let color = v.color,
              var facts = color.apply(to: MediaFacts.Video(
            codec: v.codec, width: v.width, height: v.height, rotation: v.rotation, frameRate: rate,
            duration: duration, keyframes: keyframes, isStill: v.isStill)) else { return nil }
        facts.keyframes = keyframes
        facts.bitRate = v.bitRate
        return facts
    }

    /// `[value, timescale]`, exactly as the time holds them.
    static func pair(_ t: RationalTime) -> [Int64] { [t.value, Int64(t.timescale)] }

    /// `[value, timescale]` with a positive timescale that fits in 32 bits.
    static func time(_ pair: [Int64]) -> RationalTime? {
        guard pair.count == 2, let timescale = Int32(exactly: pair[1]) else { return nil }
        return try? RationalTime(value: pair[0], timescale: timescale)
    }
}
