/// Clockwise rotation of `PlanarFrame` and `DeepFrame` planes by 90, 180 or 270 degrees (like AVFoundation's
/// `preferredTransform`). Plain loops: correctness over speed, rotated sources are rare.
enum ScalerRotation {
    /// Rotates `source` clockwise by `rotation` and writes it into `target` with its top-left at
    /// (`x`, `y`), both even. The rotated source must fit.
    static func rotate(_ source: PlanarFrame, rotation: Int, into target: inout PlanarFrame, x: Int, y: Int) {
        let tw = target.width, tcw = target.chromaWidth
        source.y.withUnsafeBufferPointer { s in
            target.y.withUnsafeMutableBufferPointer { d in
                plane(s, source.width, source.height, rotation, d, tw, x, y)
            }
        }
        source.u.withUnsafeBufferPointer { s in
            target.u.withUnsafeMutableBufferPointer { d in
                plane(s, source.chromaWidth, source.chromaHeight, rotation, d, tcw, x / 2, y / 2)
            }
        }
        source.v.withUnsafeBufferPointer { s in
            target.v.withUnsafeMutableBufferPointer { d in
                plane(s, source.chromaWidth, source.chromaHeight, rotation, d, tcw, x / 2, y / 2)
            }
        }
    }

    /// Rotates a deep `source` (4:4:4: every plane is rotated to the same place) into `target` at (`x`, `y`).
    static func rotate(_ source: DeepFrame, rotation: Int, into target: inout DeepFrame, x: Int, y: Int) {
        let (sw, sh, tw) = (source.width, source.height, target.width)
        for (s, keyPath) in [(source.y, \DeepFrame.y), (source.u, \DeepFrame.u), (source.v, \DeepFrame.v)] {
            s.withUnsafeBufferPointer { s in
                target[keyPath: keyPath].withUnsafeMutableBufferPointer { d in plane(s, sw, sh, rotation, d, tw, x, y) }
            }
        }
    }

    /// One plane of `sw × sh` (tightly packed) into `dst` (row stride `ds`) at (`dx`, `dy`).
    /// Destination pixel (row r, column c) of the rotated plane reads source pixel:
    /// 90°: (sh−1−c, r); 180°: (sh−1−r, sw−1−c); 270°: (c, sw−1−r).
    static func plane<Sample>(_ src: UnsafeBufferPointer<Sample>, _ sw: Int, _ sh: Int, _ rotation: Int,
                              _ dst: UnsafeMutableBufferPointer<Sample>, _ ds: Int, _ dx: Int, _ dy: Int) {
        let turned = rotation == 90 || rotation == 270
        let (rw, rh) = turned ? (sh, sw) : (sw, sh)
        for r in 0..<rh {
            let row = (dy + r) * ds + dx
            for c in 0..<rw {
                let s: Int
                switch rotation {
                case 90: s = (sh - 1 - c) * sw + r
                case 180: s = (sh - 1 - r) * sw + (sw - 1 - c)
                case 270: s = c * sw + (sw - 1 - r)
                default: s = r * sw + c
                }
                dst[row + c] = src[s]
            }
        }
    }
}
