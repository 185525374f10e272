/// One animated property's keyframes: a clip layer's `transform` or `opacity`, a title's `opacity`,
/// `positionKeys` or `scale`. One type, one validator (`CompositionDocument.keyframeTrack`) and one
/// interpolation (`KeyframeTrack+Interpolation`) for all of them.
///
/// Decoded tracks have strictly increasing times inside their owner's span. A track built in code may
/// hold keys in any order: they are taken by time, and of two keys at one time the later in the list
/// wins from that instant.
public struct KeyframeTrack<Value: Sendable & Hashable>: Sendable, Hashable, RandomAccessCollection,
                                                         ExpressibleByArrayLiteral {
    /// The keys, in the order they were written.
    public var keys: [Keyframe<Value>]

    public init(_ keys: [Keyframe<Value>] = []) {
        self.keys = keys
    }

    public init(arrayLiteral keys: Keyframe<Value>...) {
        self.keys = keys
    }

    public var startIndex: Int { keys.startIndex }
    public var endIndex: Int { keys.endIndex }
    public subscript(position: Int) -> Keyframe<Value> { keys[position] }
}
