/// A linear volume ramp over a timeline range, like `AVMutableAudioMixInputParameters.setVolumeRamp`.
public struct VolumeRamp: Sendable, Hashable {
    public var from: Rational
    public var to: Rational
    /// In timeline time.
    public var timeRange: TimeRange

    public init(from: Rational, to: Rational, timeRange: TimeRange) {
        self.from = from
        self.to = to
        self.timeRange = timeRange
    }
}

/// Audio placed at an absolute timeline time: a voice-over or music.
public struct AudioItem: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable { case voiceOver, music }

    public var role: Role
    public var asset: AssetID
    /// The part of the media to play.
    public var sourceRange: TimeRange
    /// The timeline time at which `sourceRange.start` plays.
    public var at: RationalTime
    /// When true the source range repeats until `loopUntil` (or the end of the timeline when nil).
    public var loop: Bool
    public var loopUntil: RationalTime?
    public var volume: Rational
    /// Ramps in timeline time. Between ramps the gain holds the last ramp's `to` (before the first: its `from`).
    public var automation: [VolumeRamp]
    /// Automatic ducking under other items (music only); its gain multiplies `volume` and `automation`.
    public var ducking: Ducking?
    /// Where the item goes in the output layout; nil for `ChannelMatrix.standard`.
    public var route: AudioRoute? = nil
    public var origin: String

    public init(role: Role, asset: AssetID, sourceRange: TimeRange, at: RationalTime, loop: Bool = false,
                loopUntil: RationalTime? = nil, volume: Rational = .one, automation: [VolumeRamp] = [],
                ducking: Ducking? = nil, origin: String = "") {
        self.role = role
        self.asset = asset
        self.sourceRange = sourceRange
        self.at = at
        self.loop = loop
        self.loopUntil = loopUntil
        self.volume = volume
        self.automation = automation
        self.ducking = ducking
        self.origin = origin
    }
}
