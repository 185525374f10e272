import ReelModel

/// One source's part of the mix over a window of the timeline's sample clock.
///
/// The mixer plays `asset` from `mediaStart` at `speed` over `timelineRange`; sample `s` of the
/// timeline (instant `s / sampleRate`) reads media time `mediaTime(at:)` and is scaled by
/// `gain(at:)` = `gain` × the product of every envelope's value.
public struct AudioContribution: Sendable, Hashable {
    /// Where a contribution comes from.
    public enum Source: Sendable, Hashable {
        /// `Plan.clips[index]`: a clip's own audio (video or audio track).
        case clip(Int)
        /// `Composition.audioItems[index]`; `repetition` counts loops from 0.
        case audioItem(Int, repetition: Int64)
    }

    public var source: Source
    public var asset: AssetID
    /// The part of the timeline it covers, inside the requested window.
    public var timelineRange: TimeRange
    /// The timeline samples it covers, inside the requested window.
    public var samples: Range<Int64>
    /// The media time heard at `timelineRange.start`.
    public var mediaStart: RationalTime
    public var speed: Rational
    /// The static gain: the clip's or audio item's volume.
    public var gain: Rational
    /// Gain envelopes over `timelineRange` (crossfades, automation), multiplied together.
    public var envelopes: [Envelope]
    /// Where it goes in the output layout (the clip's or item's `route`); nil for `ChannelMatrix.standard`.
    public var route: AudioRoute? = nil

    /// The media time heard at timeline time `t`.
    public func mediaTime(at t: RationalTime) throws -> RationalTime {
        try mediaStart + (t - timelineRange.start) * speed
    }

    /// The exact total gain at timeline time `t`.
    public func gain(at t: RationalTime) throws -> Rational {
        var g = gain
        for e in envelopes { g = try g * e.value(at: t) }
        return g
    }
}

/// An audio source laid on the timeline before it is cut to a window.
struct AudioVoice: Sendable {
    var source: AudioContribution.Source
    var asset: AssetID
    /// Where it plays (for a loop: all repetitions).
    var active: TimeRange
    /// The media time at `active.start`.
    var mediaStart: RationalTime
    var speed: Rational
    var gain: Rational
    var envelopes: [Envelope]
    /// The length of one repetition for a looping item, with `mediaStart` restarting each time.
    var loopPeriod: RationalTime?
    var route: AudioRoute? = nil
}
