import Foundation
import ReelMedia
import ReelModel

/// SDR graphics colours (titles, watermark, masks' backgrounds: BT.709 Y′CbCr of sRGB values) placed in another
/// working colour through the colour engine, one `ColorTransform` per working colour and one conversion per
/// colour, shared by every renderer of the process (a title raster has a few hundred colours, a background one).
final class GraphicsPlacement: @unchecked Sendable {
    static let shared = GraphicsPlacement()

    private struct Key: Hashable {
        var colour: ColorDescription
        var y: UInt16, u: UInt16, v: UInt16
    }

    // Guarded by `lock`: renderers on several worker threads place colours at once.
    private let lock = NSLock()
    private var transforms: [ColorDescription: ColorTransform] = [:]
    private var placed: [Key: (y: UInt16, u: UInt16, v: UInt16)] = [:]

    /// The 16-bit BT.709 SDR Y′CbCr sample `yuv` in `colour` (16-bit scale), unchanged when `colour` is BT.709 SDR.
    func place(_ yuv: (y: UInt16, u: UInt16, v: UInt16), in colour: ColorDescription) -> (y: UInt16, u: UInt16, v: UInt16) {
        let key = Key(colour: colour, y: yuv.y, u: yuv.u, v: yuv.v)
        lock.lock()
        defer { lock.unlock() }
        if let hit = placed[key] { return hit }
        guard let transform = transforms[colour] ?? ColorTransform.between(.bt709, and: colour) else { return yuv }
        transforms[colour] = transform
        let out = transform.apply(DeepFrame(width: 1, height: 1, y: yuv.y, u: yuv.u, v: yuv.v))
        let result = (out.y[0], out.u[0], out.v[0])
        placed[key] = result
        return result
    }
}
