/// An 8-bit coverage mask (0 transparent … 255 opaque), rows tightly packed: rasterised text.
public struct TitleMask: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public var alpha: [UInt8]

    public init(width: Int, height: Int, alpha: [UInt8]) {
        precondition(alpha.count == width * height, "mask size does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.alpha = alpha
    }

    /// An empty (zero-size) mask.
    public static let empty = TitleMask(width: 0, height: 0, alpha: [])
}
