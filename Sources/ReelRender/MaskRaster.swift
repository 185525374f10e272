import ReelMedia
import ReelModel

/// A mask drawn at one frame size: coverage 0…255 per luma pixel and per chroma sample.
public struct MaskPlanes: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public let luma: [UInt8]
    public let chroma: [UInt8]
    /// The planes box-reduced by 2, 4 and 8 (`LayerReduction.box`), for a layer drawn at half its size or less:
    /// reduced once with the mask, not on every frame (the renderer draws a mask once and keeps it). Index
    /// `log₂ r − 1`; a plane narrower or shorter than `r` has none (the compositor draws no reduced layer there).
    let reduced: [(luma: [UInt8]?, chroma: [UInt8]?)]

    /// Rasterises `mask` over a `width × height` layer (chroma at half size, sampled at the centre of
    /// its 2×2 luma block). Coverage is `clamp(½ − d/f, 0, 1)` with `d` the signed distance from the outline
    /// in luma pixels (negative inside) and `f = max(feather, 1)`: a ramp `f` pixels wide on the outline.
    /// `sqrt` is correctly rounded in IEEE arithmetic, so every machine draws the same mask.
    public init(_ mask: Mask, width: Int, height: Int) {
        self.width = width
        self.height = height
        let cw = (width + 1) / 2, ch = (height + 1) / 2
        let shape = Outline(mask, width: Double(width), height: Double(height))
        luma = MaskPlanes.raster(width, height, scale: 1, shape)
        chroma = MaskPlanes.raster(cw, ch, scale: 2, shape)
        let (l, c) = (luma, chroma)
        func box(_ plane: [UInt8], _ w: Int, _ h: Int, _ r: Int) -> [UInt8]? {
            guard w >= r, h >= r else { return nil }
            return plane.withUnsafeBufferPointer { LayerReduction.box($0.baseAddress!, width: w, height: h, by: r) }
        }
        reduced = [2, 4, 8].map { r in (box(l, width, height, r), box(c, cw, ch, r)) }
    }

    /// The plane that lines up with `luma` (true) or `chroma`, reduced by `r` (2, 4 or 8); nil when that plane is
    /// smaller than `r` in either direction.
    func reduced(by r: Int, luma isLuma: Bool) -> [UInt8]? {
        let i = r == 2 ? 0 : r == 4 ? 1 : r == 8 ? 2 : -1
        guard i >= 0 else { return nil }
        return isLuma ? reduced[i].luma : reduced[i].chroma
    }

    // The reductions follow from the planes: equality and hashing are the planes'.
    public static func == (a: MaskPlanes, b: MaskPlanes) -> Bool {
        a.width == b.width && a.height == b.height && a.luma == b.luma && a.chroma == b.chroma
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(luma)
        hasher.combine(chroma)
    }

    static func raster(_ w: Int, _ h: Int, scale: Double, _ shape: Outline) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let d = shape.distance((Double(x) + 0.5) * scale, (Double(y) + 0.5) * scale)
                let coverage = max(0, min(1, 0.5 - d / shape.feather))
                out[y * w + x] = UInt8((coverage * 255).rounded())
            }
        }
        return out
    }

    /// A shape centred on the layer, as a signed distance in luma pixels.
    struct Outline {
        let cx: Double, cy: Double, halfW: Double, halfH: Double, radius: Double, feather: Double
        let circle: Bool

        init(_ mask: Mask, width: Double, height: Double) {
            cx = width / 2
            cy = height / 2
            halfW = width / 2
            halfH = height / 2
            let r = mask.radius.doubleValue * min(width, height) / 2
            circle = mask.shape == .circle
            radius = mask.shape == .rect ? 0 : r
            feather = max(1, mask.feather.doubleValue)
        }

        func distance(_ x: Double, _ y: Double) -> Double {
            let dx = abs(x - cx), dy = abs(y - cy)
            if circle { return (dx * dx + dy * dy).squareRoot() - radius }
            let qx = dx - (halfW - radius), qy = dy - (halfH - radius)
            let ox = max(qx, 0), oy = max(qy, 0)
            return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - radius
        }
    }
}
