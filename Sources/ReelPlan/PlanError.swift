import ReelModel

/// Errors raised while planning. Each case names the composition item (`origin`, e.g.
/// "videos[2]" or "tracks[1].children[4]") so a person can find and fix it.
public enum PlanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which neighbour of a transition lends the handle.
    public enum Side: String, Sendable { case outgoing, incoming }

    /// A clip or audio item refers to an asset the composition does not declare.
    case unknownAsset(asset: AssetID, origin: String)
    /// A transition needs more of a neighbouring item than the item lasts on the timeline.
    case handleExceedsNeighbour(origin: String, side: Side, needed: RationalTime, available: RationalTime)
    /// The first item of a track is a transition with a nonzero `inOffset`: it would start before 0.
    case transitionBeforeStart(origin: String, inOffset: RationalTime)
    /// Two transition items follow each other with no clip or gap between them.
    case adjacentTransitions(first: String, second: String)
    /// Two transitions around the same item overlap in time.
    case overlappingTransitions(first: String, second: String)
    /// A transition borrows media before the start of its asset (media time below 0).
    case handleBeforeMediaStart(origin: String, mediaTime: RationalTime)
    /// A transition borrows media past the end of its asset (when `MediaFacts` are known).
    case handlePastMediaEnd(origin: String, mediaTime: RationalTime, duration: RationalTime)
    /// A `PlanOptions` value is out of range.
    case invalidOptions(String)
    /// A frame or sample index outside the planned timeline was asked for.
    case outOfRange(String)

    public var description: String {
        switch self {
        case .unknownAsset(let asset, let origin): return "\(origin): unknown asset \"\(asset)\""
        case .handleExceedsNeighbour(let origin, let side, let needed, let available):
            return "\(origin): transition needs \(needed.secondsText) of its \(side.rawValue) neighbour, "
                + "which lasts \(available.secondsText)"
        case .transitionBeforeStart(let origin, let inOffset):
            return "\(origin): transition at the start of a track has inOffset \(inOffset.secondsText); it must be 0"
        case .adjacentTransitions(let first, let second):
            return "\(second): transition directly follows transition \(first); put a clip or gap between them"
        case .overlappingTransitions(let first, let second):
            return "\(second): transition overlaps transition \(first)"
        case .handleBeforeMediaStart(let origin, let mediaTime):
            return "\(origin): transition needs media at \(mediaTime.secondsText), before the start of the asset"
        case .handlePastMediaEnd(let origin, let mediaTime, let duration):
            return "\(origin): transition needs media at \(mediaTime.secondsText), past the asset's end "
                + "(\(duration.secondsText))"
        case .invalidOptions(let message): return "invalid plan options: \(message)"
        case .outOfRange(let message): return message
        }
    }
}
