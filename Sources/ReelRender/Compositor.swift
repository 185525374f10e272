import ReelMedia
import ReelModel

/// Composites a stack of layers into one planar YUV 4:2:0 frame, without any RGB round trip.
///
/// The result is a pure function of the layers: integer arithmetic only, bit-exact everywhere.
/// Transition geometry and rounding are documented on `TransitionGeometry` and `Blend`:
///
/// - dissolve: `out = (A·(256 − w) + B·w + 128) >> 8` with `w = round(p·256)`: A's opacity ramps 1 → 0.
/// - push: A moves left by `L = ceil(p·W)` pixels, B's left edge sits at `W − L` (xfade `slideleft`).
/// - wipe: rows `[0, R)` with `R = ceil(p·H)` show B, the rest A (xfade `wipedown`).
/// - cut: B (a cut has no duration; when one is asked for, the incoming side is shown).
///
/// Chroma follows the luma geometry, averaging neighbouring samples when a luma edge is odd.
public enum Compositor {
    /// Composites `layers` (bottom → top) into a new `width × height` frame; black where nothing shows.
    public static func composite(_ layers: [CompositorLayer], width: Int, height: Int) -> PlanarFrame {
        var output = PlanarFrame(width: width, height: height)
        composite(layers, into: &output)
        return output
    }

    /// Composites `layers` (bottom → top) into `output`, reusing its planes when it holds them uniquely.
    /// The output's previous content is never read: black is the background.
    /// - Precondition: every frame in `layers` has the output's width and height.
    public static func composite(_ layers: [CompositorLayer], into output: inout PlanarFrame) {
        let base = layers.lastIndex(where: \.isOpaque)
        if base == nil { fillBlack(&output) }
        for layer in layers[(base ?? 0)...] { apply(layer, to: &output) }
    }

    /// Lays one layer over `output`.
    static func apply(_ layer: CompositorLayer, to output: inout PlanarFrame) {
        switch layer {
        case .frame(let frame):
            checkSize(frame, output)
            output.y = frame.y
            output.u = frame.u
            output.v = frame.v
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

    static func dissolve(_ a: PlanarFrame?, _ b: PlanarFrame?, _ w: Int, _ output: inout PlanarFrame) {
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

    static func fillBlack(_ output: inout PlanarFrame) {
        output.y.withUnsafeMutableBufferPointer { $0.update(repeating: 16) }
        output.u.withUnsafeMutableBufferPointer { $0.update(repeating: 128) }
        output.v.withUnsafeMutableBufferPointer { $0.update(repeating: 128) }
    }

    static func checkSize(_ frame: PlanarFrame, _ output: PlanarFrame) {
        precondition(frame.width == output.width && frame.height == output.height,
                     "layer is \(frame.width)x\(frame.height), output is \(output.width)x\(output.height)")
    }
}
