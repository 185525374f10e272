import ReelMedia

/// Raw access to the three planes of the output and of up to two source frames at once.
extension Compositor {
    /// Runs `body` once per plane (Y, then U, then V) with pointers to each frame's plane: output plane,
    /// optional source planes, plane width and height, plane index (0 = Y).
    static func forEachPlane<P: PlanarPicture>(
        _ output: inout P, _ a: P?, _ b: P?,
        _ body: (UnsafeMutablePointer<P.Sample>, UnsafePointer<P.Sample>?, UnsafePointer<P.Sample>?, Int, Int, Int) -> Void
    ) {
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
    static func withPlane<P: PlanarPicture, R>(_ frame: P?, _ plane: Int, _ body: (UnsafePointer<P.Sample>?) -> R) -> R {
        guard let frame else { return body(nil) }
        let array = plane == 0 ? frame.y : plane == 1 ? frame.u : frame.v
        return array.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    /// A write pointer to plane 0 (Y), 1 (U) or 2 (V) of `frame`, unique (copied first if shared).
    static func withMutablePlane<P: PlanarPicture, R>(_ frame: inout P, _ plane: Int,
                                                      _ body: (UnsafeMutablePointer<P.Sample>) -> R) -> R {
        switch plane {
        case 0: return frame.y.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
        case 1: return frame.u.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
        default: return frame.v.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
        }
    }

    /// Whether plane `plane` of a `P` follows the luma geometry one to one: luma itself, or any plane of
    /// a 4:4:4 picture.
    static func isFullResolution<P: PlanarPicture>(_ plane: Int, _: P.Type) -> Bool {
        plane == 0 || P.chromaShift == 0
    }
}
