import ReelModel

/// A clip after flattening: the OTIO clip it came from and the part of its media it plays.
struct FlatClip: Sendable, Hashable {
    var info: OTIOItemInfo
    var reference: OTIOReference
    /// `V2 item 3 "Clip-003"`; nested items `V1 item 1.0 "…"`.
    var label: String
    /// The media played, in OTIO media time (before speed): `[start, start + duration)`.
    var source: TimeRange
    /// Media seconds per timeline second (LinearTimeWarp), composed through nesting.
    var speed: Rational = .one
    /// FreezeFrame: the first frame of `source` held for `source.duration`.
    var freeze = false

    /// The clip's length on the timeline.
    func duration() throws -> RationalTime { freeze ? source.duration : try source.duration / speed }

    /// The part shown from `offset` for `length`, both in timeline time relative to the clip's start.
    func part(from offset: RationalTime, length: RationalTime) throws -> FlatClip {
        var c = self
        if freeze {
            c.source = try TimeRange(start: source.start, duration: length)
        } else {
            c.source = try TimeRange(start: source.start + offset * speed, duration: length * speed)
        }
        return c
    }
}

/// One item of a flattened track: a clip, a gap, or a transition (which takes no time).
enum FlatItem: Sendable, Hashable {
    case clip(FlatClip)
    case gap(RationalTime)
    case transition(OTIOTransitionNode)

    /// The item's length on the track; zero for a transition.
    func duration() throws -> RationalTime {
        switch self {
        case .clip(let c): return try c.duration()
        case .gap(let d): return d
        case .transition: return .zero
        }
    }
}

extension Array where Element == FlatItem {
    /// The items laid end to end (transitions take no time).
    func totalDuration() throws -> RationalTime {
        try reduce(RationalTime.zero) { try $0 + $1.duration() }
    }
}
