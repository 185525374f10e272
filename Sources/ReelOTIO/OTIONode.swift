import ReelModel

/// A media reference as read from the file. Times are OTIO media time (e.g. timecode 01:00:00:00).
enum OTIOReference: Sendable, Hashable {
    case external(url: String, name: String, available: TimeRange?)
    case missing(available: TimeRange?)
    case generator(kind: String, available: TimeRange?)
    /// A schema Reel does not render (ImageSequenceReference.1, …).
    case unsupported(schema: String, available: TimeRange?)

    var available: TimeRange? {
        switch self {
        case .external(_, _, let a), .missing(let a), .generator(_, let a), .unsupported(_, let a): return a
        }
    }
}

/// A time effect on an item: `LinearTimeWarp.1` (content time advances `scalar` per timeline
/// second) or `FreezeFrame.1` (the first frame held).
enum OTIOEffect: Sendable, Hashable {
    case timeWarp(Rational)
    case freeze
}

/// A marker: a named point in its item's own time (media time for clips, track time for tracks).
struct OTIOMarkerNode: Sendable, Hashable {
    var name: String
    var time: RationalTime
    var path: String
}

/// What every item has: name, JSON path, trim, effects, markers, enabled flag, Reel metadata.
struct OTIOItemInfo: Sendable, Hashable {
    var name: String
    var path: String
    var sourceRange: TimeRange?
    var effects: [OTIOEffect] = []
    var markers: [OTIOMarkerNode] = []
    var enabled = true
    /// `metadata.reel`, written by `reel export-otio` (clip volume and audio).
    var reel: JSONValue?
}

/// A transition between its neighbours, `[cut − inOffset, cut + outOffset)`.
struct OTIOTransitionNode: Sendable, Hashable {
    var name: String
    var path: String
    var kind: TransitionKind
    var inOffset: RationalTime
    var outOffset: RationalTime
}

/// One child of a track or stack, as read from the file.
indirect enum OTIONode: Sendable, Hashable {
    case clip(OTIOItemInfo, OTIOReference)
    /// `Gap.1` or the old `Filler.1`: its duration is its source range's.
    case gap(OTIOItemInfo)
    case transition(OTIOTransitionNode)
    /// `Track.1` or the old `Sequence.1`.
    case track(OTIOItemInfo, kind: Track.Kind, children: [OTIONode])
    case stack(OTIOItemInfo, children: [OTIONode])
}

/// The timeline: its top-level stack (tracks bottom to top) and what sets the output.
struct OTIOTimeline: Sendable {
    var name: String
    /// The rate of `global_start_time`, when given: the output frame rate.
    var rate: Rational?
    var stack: OTIOItemInfo
    var tracks: [OTIONode]
    /// `metadata.reel` of the timeline: output settings, titles, voice-overs and music.
    var reel: JSONValue?
}
