/// A rectangle in normalised layer coordinates: (0, 0) top left, (1, 1) bottom right.
public struct NormalisedRect: Sendable, Hashable {
    public var x: Rational, y: Rational, width: Rational, height: Rational

    public init(x: Rational, y: Rational, width: Rational, height: Rational) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The whole layer.
    public static let full = NormalisedRect(x: .zero, y: .zero, width: .one, height: .one)
}

/// The components one transform keyframe sets; a component left out (nil) holds its previous value.
///
/// The layer is the clip's picture as fitted to the output frame. Its `anchor` (normalised in the
/// layer, default the centre) is placed at `position` (normalised in the output, default the centre),
/// the layer is scaled by `scale` (1: the output's size) and rotated by `rotation` degrees clockwise
/// about the anchor. `crop` keeps only that rectangle of the layer (in its own coordinates, before
/// the move), like `AVVideoCompositionLayerInstruction`'s crop rectangle.
public struct TransformValue: Sendable, Hashable {
    public var position: Point?
    public var scale: Rational?
    public var rotation: Rational?
    public var anchor: Point?
    public var crop: NormalisedRect?

    public init(position: Point? = nil, scale: Rational? = nil, rotation: Rational? = nil,
                anchor: Point? = nil, crop: NormalisedRect? = nil) {
        self.position = position
        self.scale = scale
        self.rotation = rotation
        self.anchor = anchor
        self.crop = crop
    }
}

/// A clip's layer animation: transform and opacity keyframes and a mask. Empty is the plain clip.
public struct LayerAnimation: Sendable, Hashable {
    public var transform: KeyframeTrack<TransformValue>
    public var opacity: KeyframeTrack<Rational>
    public var mask: Mask?

    public init(transform: KeyframeTrack<TransformValue> = [], opacity: KeyframeTrack<Rational> = [], mask: Mask? = nil) {
        self.transform = transform
        self.opacity = opacity
        self.mask = mask
    }

    /// True when the clip shows untouched: no keys and no mask.
    public var isEmpty: Bool { transform.isEmpty && opacity.isEmpty && mask == nil }
}
