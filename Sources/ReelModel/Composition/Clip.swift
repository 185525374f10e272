/// A trimmed piece of an asset placed on a track.
///
/// `sourceRange` is the part of the media that is visible in the track (in media time, before
/// speed). Transitions may borrow media beyond it on either side (handles), as in OpenTimelineIO.
public struct Clip: Sendable, Hashable {
    public var asset: AssetID
    public var sourceRange: TimeRange
    /// Playback rate, like `scaleTimeRange`: the clip lasts `sourceRange.duration / speed` on the timeline.
    public var speed: Rational
    /// Linear gain applied to the clip's audio.
    public var volume: Rational
    /// False when the clip's audio is muted (`audio: false`), or for video-only tracks.
    public var audioEnabled: Bool
    /// True when the clip shows its first frame for its whole length (OTIO FreezeFrame).
    public var freeze: Bool
    public var name: String?
    /// Where the clip came from, for messages: "videos[2]" or "tracks[1].children[4]".
    public var origin: String
    /// Transform and opacity keyframes and a mask; empty for a plain clip.
    public var layer = LayerAnimation()
    /// Where the clip's audio goes in the output layout; nil for `ChannelMatrix.standard`.
    public var route: AudioRoute? = nil

    public init(asset: AssetID, sourceRange: TimeRange, speed: Rational = .one, volume: Rational = .one,
                audioEnabled: Bool = true, freeze: Bool = false, name: String? = nil, origin: String = "") {
        self.asset = asset
        self.sourceRange = sourceRange
        self.speed = speed
        self.volume = volume
        self.audioEnabled = audioEnabled
        self.freeze = freeze
        self.name = name
        self.origin = origin
    }

    /// The clip's length on the timeline: `sourceRange.duration / speed`.
    public func timelineDuration() throws -> RationalTime {
        freeze ? sourceRange.duration : try sourceRange.duration / speed
    }

    /// The media time shown at `offset` into the clip (which may be negative or past the end:
    /// transition handles). `sourceRange.start + offset · speed`, or the first frame when frozen.
    public func mediaTime(at offset: RationalTime) throws -> RationalTime {
        freeze ? sourceRange.start : try sourceRange.start + offset * speed
    }
}
