/// One item of a track: a clip, a gap (transparent / silent), or a transition between neighbours.
/// A transition takes no time on the track.
public enum TrackItem: Sendable, Hashable {
    case clip(Clip)
    case gap(RationalTime)
    case transition(Transition)
}

/// A sequence of items laid end to end. Video tracks composite bottom to top; audio tracks are summed.
public struct Track: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case video, audio }

    public var kind: Kind
    public var items: [TrackItem]
    public var name: String?

    public init(kind: Kind, items: [TrackItem], name: String? = nil) {
        self.kind = kind
        self.items = items
        self.name = name
    }
}
