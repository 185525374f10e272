import ReelMedia
import ReelModel

/// Composites a stack of layers into one planar Y′CbCr frame, 8-bit 4:2:0 or 16-bit 4:4:4 (`PlanarPicture`),
/// without any RGB round trip.
///
/// The result is a pure function of the layers: integer arithmetic only, bit-exact everywhere.
/// Transition geometry and rounding are documented on `TransitionGeometry` and `Blend`:
///
/// - dissolve: `out = (A·(256 − w) + B·w + 128) >> 8` with `w = round(p·256)`: A's opacity ramps 1 → 0.
/// - push: A moves left by `L = ceil(p·W)` pixels, B's left edge sits at `W − L` (xfade `slideleft`).
/// - wipe: rows `[0, R)` with `R = ceil(p·H)` show B, the rest A (xfade `wipedown`).
/// - cut: B (a cut has no duration; when one is asked for, the incoming side is shown).
///
/// Chroma follows the luma geometry: in 4:2:0, averaging neighbouring samples when a luma edge is odd; in
/// 4:4:4, one to one, exactly as luma.
public enum Compositor {
    /// Composites 8-bit `layers` (bottom → top) into a new `width × height` frame; black where nothing shows.
    public static func composite(_ layers: [CompositorLayer<PlanarFrame>], width: Int, height: Int) -> PlanarFrame {
        compositeNew(layers, width: width, height: height)
    }

    /// Composites 8-bit `layers` (bottom → top) into `output`, reusing its planes when it holds them uniquely.
    /// The output's previous content is never read: black is the background.
    /// - Precondition: every frame in `layers` has the output's width and height.
    public static func composite(_ layers: [CompositorLayer<PlanarFrame>], into output: inout PlanarFrame) {
        compositeAny(layers, into: &output)
    }

    /// Composites 16-bit 4:4:4 `layers` (bottom → top) into a new `width × height` frame; black where
    /// nothing shows. The same arithmetic as the 8-bit path on 16-bit samples, chroma one to one with luma.
    /// (Disfavoured so that an empty `[]`, which fits both, stays the 8-bit call it always was.)
    @_disfavoredOverload
    public static func composite(_ layers: [CompositorLayer<DeepFrame>], width: Int, height: Int) -> DeepFrame {
        compositeNew(layers, width: width, height: height)
    }

    /// Composites 16-bit 4:4:4 `layers` (bottom → top) into `output`; its previous content is never read.
    /// - Precondition: every frame in `layers` has the output's width and height.
    public static func composite(_ layers: [CompositorLayer<DeepFrame>], into output: inout DeepFrame) {
        compositeAny(layers, into: &output)
    }

    // The public entry points are concrete so that callers in other modules reach code specialised for
    // their sample type; everything below is generic and specialised inside this module.

    static func compositeNew<P: PlanarPicture>(_ layers: [CompositorLayer<P>], width: Int, height: Int) -> P {
        var output = P.blackPicture(width: width, height: height)
        compositeAny(layers, into: &output)
        return output
    }

    static func compositeAny<P: PlanarPicture>(_ layers: [CompositorLayer<P>], into output: inout P) {
        let base = layers.lastIndex(where: \.isOpaque)
        if base == nil { fillBlack(&output) }
        for layer in layers[(base ?? 0)...] { apply(layer, to: &output) }
    }

    /// Lays one layer over `output`.
    static func apply<P: PlanarPicture>(_ layer: CompositorLayer<P>, to output: inout P) {
        switch layer {
        case .frame(let frame):
            checkSize(frame, output)
            if P.sharesPlanes {
                output.y = frame.y
                output.u = frame.u
                output.v = frame.v
            } else {
                output.y.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: frame.y) }
                output.u.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: frame.u) }
                output.v.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: frame.v) }
            }
        case let .transition(kind, outgoing, incoming, progress):
            if let outgoing { checkSize(outgoing, output) }
            if let incoming { checkSize(incoming, output) }
            switch kind {
            case .dissolve: dissolve(outgoing, incoming, TransitionGeometry.dissolveWeight(progress), &output)
            case .push: push(outgoing, incoming, progress, &output)
            case .wipe: wipe(outgoing, incoming, progress, &output)
            case .cut: if let incoming { apply(.frame(incoming), to: &output) }
            }
        case .layer(let picture):
            drawLayer(picture, onto: &output)
        }
    }

    static func dissolve<P: PlanarPicture>(_ a: P?, _ b: P?, _ w: Int, _ output: inout P) {
        forEachPlane(&output, a, b) { out, pa, pb, width, height, _ in
            let n = width * height
            switch (pa, pb) {
            case let (pa?, pb?): Blend.mix(pa, pb, into: out, count: n, weight: w)
            case let (nil, pb?): Blend.mixInPlace(out, with: pb, count: n, weight: w)
            case let (pa?, nil): Blend.mixInPlace(out, with: pa, count: n, weight: 256 - w)
            case (nil, nil): break
            }
        }
    }

    static func fillBlack<P: PlanarPicture>(_ output: inout P) {
        output.y.withUnsafeMutableBufferPointer { $0.update(repeating: P.black.y) }
        output.u.withUnsafeMutableBufferPointer { $0.update(repeating: P.black.u) }
        output.v.withUnsafeMutableBufferPointer { $0.update(repeating: P.black.v) }
    }

    static func checkSize<P: PlanarPicture>(_ frame: P, _ output: P) {
        precondition(frame.width == output.width && frame.height == output.height,
                     "layer is \(frame.width)x\(frame.height), output is \(output.width)x\(output.height)")
    }
}
