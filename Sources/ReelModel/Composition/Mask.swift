/// A mask on a layer (a clip) or on the whole output frame, centred on it.
///
/// - `circle`: radius `radius · min(W, H) / 2` (1: touches the shorter sides).
/// - `rounded-rect`: the whole layer with corners of radius `radius · min(W, H) / 2`.
/// - `rect`: the whole layer (only the feathered edge shows).
///
/// The edge is a linear ramp `feather` pixels wide, centred on the shape's outline; at least one
/// pixel, so an unfeathered edge is still antialiased.
public struct Mask: Sendable, Hashable {
    public enum Shape: String, Sendable, Hashable, CaseIterable {
        case circle
        case roundedRect = "rounded-rect"
        case rect
    }

    public var shape: Shape
    public var radius: Rational
    /// In output pixels.
    public var feather: Rational

    public init(shape: Shape, radius: Rational = .one, feather: Rational = .zero) {
        self.shape = shape
        self.radius = radius
        self.feather = feather
    }
}
