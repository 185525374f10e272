import ReelModel

/// Identifies a track of the composition: `videoTracks[index]` or `audioTracks[index]`.
public struct TrackRef: Sendable, Hashable, CustomStringConvertible {
    public var kind: Track.Kind
    public var index: Int

    public init(kind: Track.Kind, index: Int) {
        self.kind = kind
        self.index = index
    }

    public var description: String { "\(kind == .video ? "V" : "A")\(index)" }
}


/// A clip laid on the timeline.
///
///     extended:  [------------------------------------)
///     visible:        [-------------------------)
///                ^ handle borrowed by             ^ handle borrowed by
///                  the transition in                the transition out
public struct PlacedClip: Sendable, Hashable {
    public var track: TrackRef
    /// The index of the clip in its track's `items`.
    public var item: Int
    public var clip: Clip
    /// Where the clip's `sourceRange` plays on the timeline.
    public var visible: TimeRange
    /// `visible` widened by the handles that transitions borrow; the clip is seen (heard) here.
    public var extended: TimeRange
    /// Index into `Plan.transitions` of the transition into this clip, if any.
    public var transitionIn: Int?
    /// Index into `Plan.transitions` of the transition out of this clip, if any.
    public var transitionOut: Int?

    /// The media time shown (heard) at timeline time `t`: `clip.mediaTime(at: t − visible.start)`.
    public func mediaTime(at t: RationalTime) throws -> RationalTime {
        try clip.mediaTime(at: t - visible.start)
    }
}

/// A transition laid on the timeline, between two placed clips (either may be absent: a fade
/// from or to nothing at a track's start or end, or next to a gap).
public struct PlacedTransition: Sendable, Hashable {
    public var track: TrackRef
    /// The index of the transition in its track's `items`.
    public var item: Int
    public var transition: Transition
    /// `[cut − inOffset, cut + outOffset)`.
    public var range: TimeRange
    /// Index into `Plan.clips` of the outgoing clip, nil for nothing.
    public var outgoing: Int?
    /// Index into `Plan.clips` of the incoming clip, nil for nothing.
    public var incoming: Int?

    /// `(t − range.start) / range.duration`, in [0, 1) for `t` inside the range.
    public func progress(at t: RationalTime) throws -> Rational {
        try (t - range.start).rational / range.duration.rational
    }
}
