/// A 16-bit planar Y′CbCr 4:4:4 picture: the compositor's high-precision working format.
///
/// Code values are on the 16-bit scale of the picture's range, as FFmpeg's `yuv444p16` is: in limited
/// range black is `16 << 8` (4096), white `235 << 8` (60160) and neutral chroma `128 << 8` (32768), so an
/// 8-bit sample `s` is `s << 8` and a 10-bit one `s << 6`. Every plane is `width × height`, tightly
/// packed. Which colour the values mean (matrix, primaries, transfer) is the render's working colour,
/// a `ColorDescription` held beside the frames, not in each one.
public struct DeepFrame: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public var y: [UInt16]
    public var u: [UInt16]
    public var v: [UInt16]

    public var chromaWidth: Int { width }
    public var chromaHeight: Int { height }

    /// Limited-range black.
    public static let black: (y: UInt16, u: UInt16, v: UInt16) = (16 << 8, 128 << 8, 128 << 8)

    /// A frame filled with one colour; the default is limited-range video black.
    public init(width: Int, height: Int, y: UInt16 = DeepFrame.black.y, u: UInt16 = DeepFrame.black.u,
                v: UInt16 = DeepFrame.black.v) {
        self.width = width
        self.height = height
        self.y = [UInt16](repeating: y, count: width * height)
        self.u = [UInt16](repeating: u, count: width * height)
        self.v = [UInt16](repeating: v, count: width * height)
    }

    public init(width: Int, height: Int, y: [UInt16], u: [UInt16], v: [UInt16]) {
        precondition(y.count == width * height && u.count == y.count && v.count == y.count,
                     "plane sizes do not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.y = y
        self.u = u
        self.v = v
    }
}
