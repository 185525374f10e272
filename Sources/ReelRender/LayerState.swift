import ReelModel

/// A clip layer's animated properties at one instant (see `TransformValue` for their meaning).
public struct LayerState: Sendable, Hashable {
    /// 0…1.
    public var opacity: Double = 1
    /// Where the anchor sits, normalised in the output.
    public var position: (x: Double, y: Double) = (0.5, 0.5)
    public var scale: Double = 1
    /// Degrees, clockwise.
    public var rotation: Double = 0
    /// The layer point placed at `position`, normalised in the layer.
    public var anchor: (x: Double, y: Double) = (0.5, 0.5)
    /// x, y, width, height, normalised in the layer.
    public var crop: (x: Double, y: Double, width: Double, height: Double) = (0, 0, 1, 1)

    public init() {}

    /// Evaluates `layer` at `offset` from the clip's start on the timeline (negative or past the end
    /// in transition handles: the first or last keys hold there).
    /// - Throws: `RenderError.layerKeys` naming the clip when exact arithmetic overflows.
    public init(of layer: LayerAnimation, at offset: RationalTime, clip origin: String) throws {
        do {
            let k = layer.transform
            if let o = try layer.opacity.components(at: offset, { [$0] }) { opacity = o[0] }
            if let p = try k.components(at: offset, { $0.position.map { [$0.x, $0.y] } }) {
                position = (p[0], p[1])
            }
            if let s = try k.components(at: offset, { $0.scale.map { [$0] } }) { scale = s[0] }
            if let r = try k.components(at: offset, { $0.rotation.map { [$0] } }) { rotation = r[0] }
            if let a = try k.components(at: offset, { $0.anchor.map { [$0.x, $0.y] } }) {
                anchor = (a[0], a[1])
            }
            if let c = try k.components(at: offset, {
                $0.crop.map { [$0.x, $0.y, $0.width, $0.height] }
            }) {
                crop = (c[0], c[1], c[2], c[3])
            }
        } catch {
            throw RenderError.layerKeys(origin: "\(origin)", message: "\(error)")
        }
    }

    /// True when the layer shows the clip untouched (full opacity, no move, no crop).
    var isIdentity: Bool {
        opacity >= 1 && position == (0.5, 0.5) && scale == 1 && rotation.truncatingRemainder(dividingBy: 360) == 0
            && anchor == (0.5, 0.5) && crop == (0, 0, 1, 1)
    }

    /// `round(opacity · 256)` in 0…256.
    var opacityWeight: Int { Int((min(1, max(0, opacity)) * 256).rounded()) }

    public static func == (a: LayerState, b: LayerState) -> Bool {
        a.opacity == b.opacity && a.position == b.position && a.scale == b.scale && a.rotation == b.rotation
            && a.anchor == b.anchor && a.crop == b.crop
    }

    public func hash(into h: inout Hasher) {
        for v in [opacity, position.x, position.y, scale, rotation, anchor.x, anchor.y, crop.x, crop.y, crop.width,
                  crop.height] { h.combine(v) }
    }
}
