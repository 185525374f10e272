import ReelMedia
@testable import ReelRender

/// Deep-path fixtures: 8-bit frames widened to `DeepFrame` (`s << 8`, each chroma sample repeated over its
/// 2×2 luma block) and deep results narrowed back (luma `(d + 128) >> 8`; chroma the 2×2 block's mean,
/// then rounded the same way), so a deep composite can be held against the 8-bit one.
enum DeepFrames {
    /// A 320x180-style test picture: luma and chroma textures with edges and slopes in every plane.
    static func textured(_ width: Int, _ height: Int, seed: Int) -> PlanarFrame {
        var f = PlanarFrame(width: width, height: height)
        for r in 0..<height {
            for c in 0..<width { f.y[r * width + c] = UInt8(16 + (c * 3 + r * 5 + seed * 37 + (c / 16 + r / 16) % 2 * 60) % 220) }
        }
        for r in 0..<f.chromaHeight {
            for c in 0..<f.chromaWidth {
                f.u[r * f.chromaWidth + c] = UInt8(40 + (c * 2 + r + seed * 23) % 170)
                f.v[r * f.chromaWidth + c] = UInt8(60 + (c + r * 3 + seed * 11) % 150)
            }
        }
        return f
    }

    static func widen(_ f: PlanarFrame) -> DeepFrame {
        var d = DeepFrame(width: f.width, height: f.height)
        for r in 0..<f.height {
            for c in 0..<f.width {
                let i = r * f.width + c, k = (r / 2) * f.chromaWidth + c / 2
                d.y[i] = UInt16(f.y[i]) << 8
                d.u[i] = UInt16(f.u[k]) << 8
                d.v[i] = UInt16(f.v[k]) << 8
            }
        }
        return d
    }

    static func narrow(_ d: DeepFrame) -> PlanarFrame {
        var f = PlanarFrame(width: d.width, height: d.height)
        for i in d.y.indices { f.y[i] = round8(UInt32(d.y[i])) }
        for r in 0..<f.chromaHeight {
            for c in 0..<f.chromaWidth {
                var u: UInt32 = 0, v: UInt32 = 0, n: UInt32 = 0
                for dy in 0..<2 where 2 * r + dy < d.height {
                    for dx in 0..<2 where 2 * c + dx < d.width {
                        let i = (2 * r + dy) * d.width + 2 * c + dx
                        (u, v, n) = (u + UInt32(d.u[i]), v + UInt32(d.v[i]), n + 1)
                    }
                }
                f.u[r * f.chromaWidth + c] = round8((u + n / 2) / n)
                f.v[r * f.chromaWidth + c] = round8((v + n / 2) / n)
            }
        }
        return f
    }

    static func round8(_ x: UInt32) -> UInt8 { UInt8(min(255, (x + 128) >> 8)) }

    /// The largest difference between two planes, and how many samples differ at all.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (max: Int, count: Int) {
        var worst = 0, count = 0
        for i in a.indices where a[i] != b[i] {
            worst = max(worst, abs(Int(a[i]) - Int(b[i])))
            count += 1
        }
        return (worst, count)
    }

    /// The deep composite of the widened layers, narrowed, against the 8-bit composite: per-plane
    /// differences (luma, then both chroma planes together).
    static func compare(_ deep: DeepFrame, _ planar: PlanarFrame) -> (luma: (max: Int, count: Int),
                                                                     chroma: (max: Int, count: Int)) {
        let n = narrow(deep)
        let u = difference(n.u, planar.u), v = difference(n.v, planar.v)
        return (difference(n.y, planar.y), (max(u.max, v.max), u.count + v.count))
    }
}

extension CompositorLayer<PlanarFrame> {
    /// The same layer on widened (deep) frames.
    var widened: CompositorLayer<DeepFrame> {
        switch self {
        case .frame(let f): return .frame(DeepFrames.widen(f))
        case let .transition(kind, a, b, p):
            return .transition(kind: kind, outgoing: a.map(DeepFrames.widen), incoming: b.map(DeepFrames.widen), progress: p)
        case .layer(let picture):
            return .layer(LayerPicture(frame: DeepFrames.widen(picture.frame), state: picture.state, mask: picture.mask))
        }
    }
}
