import ReelMedia

/// A planar Y′CbCr picture the compositor can work on: `PlanarFrame` (8-bit 4:2:0, the 8-bit path) or
/// `DeepFrame` (16-bit 4:4:4, the high-precision path). One compositor, specialised for each.
///
/// Sample values are on the scale of `Sample`: an 8-bit code value `s` is `s << sampleShift`. Chroma planes
/// are `chromaWidth × chromaHeight`, each chroma sample covering `2^chromaShift` luma samples in each
/// direction (1 for 4:2:0: chroma follows the luma geometry by averaging neighbours; 0 for 4:4:4: one
/// to one, no averaging).
public protocol PlanarPicture: Sendable, Hashable {
    associatedtype Sample: FixedWidthInteger & UnsignedInteger & Sendable

    var width: Int { get }
    var height: Int { get }
    var y: [Sample] { get set }
    var u: [Sample] { get set }
    var v: [Sample] { get set }
    var chromaWidth: Int { get }
    var chromaHeight: Int { get }

    /// Limited-range video black on this picture's scale.
    static var black: (y: Sample, u: Sample, v: Sample) { get }
    /// log2 of the chroma subsampling in each direction: 1 for 4:2:0, 0 for 4:4:4.
    static var chromaShift: Int { get }
    /// Whether an opaque full-frame layer becomes the output by sharing its planes (true: the 8-bit path, whose
    /// planes are cheap heap blocks) or is copied into the output's own planes (false: the deep path, whose 4 MB
    /// planes are mapped afresh by each allocation; copying keeps both the output and the source's picture
    /// singly held, so each is written in place frame after frame).
    static var sharesPlanes: Bool { get }

    init(width: Int, height: Int, y: [Sample], u: [Sample], v: [Sample])
}

extension PlanarPicture {
    /// The left shift that puts an 8-bit code value on this picture's scale (0 for 8-bit, 8 for 16-bit).
    static var sampleShift: Int { Sample.bitWidth - 8 }

    /// A `width × height` picture of limited-range black.
    static func blackPicture(width: Int, height: Int) -> Self {
        let luma = width * height
        let chroma = chromaSize(width) * chromaSize(height)
        return Self(width: width, height: height, y: [Sample](repeating: black.y, count: luma),
                    u: [Sample](repeating: black.u, count: chroma), v: [Sample](repeating: black.v, count: chroma))
    }

    /// The chroma extent of a luma extent: `⌈n / 2^chromaShift⌉`.
    static func chromaSize(_ n: Int) -> Int { (n + (1 << chromaShift) - 1) >> chromaShift }
}

extension PlanarFrame: PlanarPicture {
    /// Video black: Y 16, U/V 128.
    public static var black: (y: UInt8, u: UInt8, v: UInt8) { (16, 128, 128) }
    public static var chromaShift: Int { 1 }
    public static var sharesPlanes: Bool { true }
}

extension DeepFrame: PlanarPicture {
    public static var chromaShift: Int { 0 }
    public static var sharesPlanes: Bool { false }
}
