/// An image above everything (clips, transitions, titles and the output mask) for the whole timeline.
public struct Watermark: Sendable, Hashable {
    /// Path of a PNG image.
    public var image: String
    /// The image's centre, normalised in the output.
    public var position: Point
    /// 0…1.
    public var opacity: Rational
    /// The image's width as a fraction of the output width (its height follows its aspect ratio).
    public var scale: Rational
    public var origin: String

    public init(image: String, position: Point, opacity: Rational = .one, scale: Rational,
                origin: String = "watermark") {
        self.image = image
        self.position = position
        self.opacity = opacity
        self.scale = scale
        self.origin = origin
    }

    /// The watermark as an image title over `[0, CompositionLimits.maxTimeline)`, at the scale that makes
    /// it `scale` of `outputWidth` wide when the image is `imageWidth` pixels wide (exact).
    public func title(outputWidth: Int, imageWidth: Int) -> Title {
        let s = (try? scale * Rational(Int64(outputWidth), Int64(max(1, imageWidth)))) ?? .one
        return Title(text: nil, image: image, position: position,
                     timeRange: (try? TimeRange(start: .zero, duration: CompositionLimits.maxTimeline))!,
                     opacity: [Keyframe(time: .zero, value: opacity)], scale: [Keyframe(time: .zero, value: s)], origin: origin)
    }
}
