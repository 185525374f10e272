/// The kinds of transition between neighbouring clips.
public enum TransitionKind: String, CaseIterable, Sendable, Hashable {
    /// The outgoing layer's opacity ramps 1 → 0 over the incoming layer.
    case dissolve
    /// The outgoing layer moves 0 → −width while the incoming layer moves +width → 0.
    case push
    /// The outgoing layer's crop shrinks to zero height at the bottom: the incoming clip is revealed top-down.
    case wipe
    /// No overlap: a plain cut.
    case cut
}

/// A transition at the cut point `c` between two neighbouring track items, spanning
/// `[c − inOffset, c + outOffset)` as in OpenTimelineIO. The outgoing item supplies `outOffset`
/// of media beyond its range; the incoming item supplies `inOffset` before its range.
///
/// The JSON format's AVFoundation-style overlap of length `d` maps to `inOffset = 0, outOffset = d`:
/// the incoming clip starts at the cut, and the outgoing clip runs on for `d`.
public struct Transition: Sendable, Hashable {
    public var kind: TransitionKind
    public var inOffset: RationalTime
    public var outOffset: RationalTime
    public var origin: String

    public init(kind: TransitionKind, inOffset: RationalTime, outOffset: RationalTime, origin: String = "") {
        self.kind = kind
        self.inOffset = inOffset
        self.outOffset = outOffset
        self.origin = origin
    }

    /// `inOffset + outOffset`.
    public func duration() throws -> RationalTime { try inOffset + outOffset }
}
