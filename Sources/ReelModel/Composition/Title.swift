/// A point in normalised frame coordinates: (0, 0) top left, (1, 1) bottom right.
public struct Point: Sendable, Hashable {
    public var x: Rational
    public var y: Rational

    public init(x: Rational, y: Rational) {
        self.x = x
        self.y = y
    }
}

/// An sRGB colour with alpha, 8 bits a channel.
public struct RGBA: Sendable, Hashable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public static let white = RGBA(r: 255, g: 255, b: 255)
}

/// A text or image layer over the video, with keyframed opacity, position and scale.
///
/// Keyframes are interpolated linearly and hold their end values outside the first and last key.
/// When `opacity` is empty the classic title fade applies: 0 → 1 over the first 20% of
/// `timeRange` and 1 → 0 over the last 20%.
public struct Title: Sendable, Hashable {
    public var text: String?
    /// Path of a PNG image drawn under the text, if any.
    public var image: String?
    /// A font file path or a family name; nil means DejaVu Sans.
    public var font: String?
    /// Text height in pixels of the output frame.
    public var size: Int
    public var color: RGBA
    /// The anchor (centre of the title box) in normalised coordinates.
    public var position: Point
    public var timeRange: TimeRange
    public var opacity: KeyframeTrack<Rational>
    public var positionKeys: KeyframeTrack<Point>
    public var scale: KeyframeTrack<Rational>
    public var origin: String

    public init(text: String?, image: String? = nil, font: String? = nil, size: Int = 48, color: RGBA = .white,
                position: Point, timeRange: TimeRange, opacity: KeyframeTrack<Rational> = [],
                positionKeys: KeyframeTrack<Point> = [], scale: KeyframeTrack<Rational> = [], origin: String = "") {
        self.text = text
        self.image = image
        self.font = font
        self.size = size
        self.color = color
        self.position = position
        self.timeRange = timeRange
        self.opacity = opacity
        self.positionKeys = positionKeys
        self.scale = scale
        self.origin = origin
    }
}
