import ReelMedia

/// Raw access to the three planes of the output and of up to two source frames at once.
extension Compositor {
    /// The kernel body: output plane, optional source planes, plane width and height, plane index (0 = Y).
    typealias PlaneBody = (UnsafeMutablePointer<UInt8>, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, Int, Int, Int) -> Void

    /// Runs `body` once per plane (Y, then U, then V) with pointers to each frame's plane.
    static func forEachPlane(_ output: inout PlanarFrame, _ a: PlanarFrame?, _ b: PlanarFrame?, _ body: PlaneBody) {
        let sizes = [(output.width, output.height), (output.chromaWidth, output.chromaHeight),
                     (output.chromaWidth, output.chromaHeight)]
        for plane in 0..<3 where sizes[plane].0 > 0 && sizes[plane].1 > 0 {
            withPlane(a, plane) { pa in
                withPlane(b, plane) { pb in
                    withMutablePlane(&output, plane) { out in body(out, pa, pb, sizes[plane].0, sizes[plane].1, plane) }
                }
            }
        }
    }

    /// A read pointer to plane 0 (Y), 1 (U) or 2 (V) of `frame`, or nil when there is no frame.
    static func withPlane<R>(_ frame: PlanarFrame?, _ plane: Int, _ body: (UnsafePointer<UInt8>?) -> R) -> R {
        guard let frame else { return body(nil) }
        let array = plane == 0 ? frame.y : plane == 1 ? frame.u : frame.v
        return array.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    /// A write pointer to plane 0 (Y), 1 (U) or 2 (V) of `frame`, unique (copied first if shared).
    static func withMutablePlane<R>(_ frame: inout PlanarFrame, _ plane: Int,
                                    _ body: (UnsafeMutablePointer<UInt8>) -> R) -> R {
        switch plane {
        case 0: return frame.y.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
        case 1: return frame.u.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
        default: return frame.v.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
        }
    }
}
