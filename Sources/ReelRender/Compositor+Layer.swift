import ReelMedia
import ReelModel

/// A clip's picture with its layer state: moved, cropped, masked and faded over what lies below.
/// The mask stays 8-bit coverage whatever the picture's depth (its luma plane serves 4:4:4 chroma).
public struct LayerPicture<Picture: PlanarPicture>: Sendable, Hashable {
    public var frame: Picture
    public var state: LayerState
    public var mask: MaskPlanes?

    public init(frame: Picture, state: LayerState, mask: MaskPlanes? = nil) {
        self.frame = frame
        self.state = state
        self.mask = mask
    }

    /// True when the picture covers the whole frame untouched (then it is a plain `.frame`).
    var isPlain: Bool { mask == nil && state.isIdentity }
}

extension Compositor {
    /// Draws a layer picture over `output` (see `LayerSampler` and `LayerGeometry`).
    static func drawLayer<P: PlanarPicture>(_ p: LayerPicture<P>, onto output: inout P) {
        checkSize(p.frame, output)
        if p.isPlain { return apply(.frame(p.frame), to: &output) }
        if let mask = p.mask {
            precondition(mask.width == output.width && mask.height == output.height, "mask size differs from the frame")
        }
        let o = p.state.opacityWeight
        let r = LayerReduction.factor(scale: p.state.scale)
        forEachPlane(&output, p.frame, nil) { out, src, _, width, height, plane in
            let map = LayerGeometry.map(p.state, width: width, height: height, reduction: r)
            guard r > 1 else {
                return withMask(p.mask, plane, P.self) { mask in
                    LayerSampler.draw(.init(pixels: src!, mask: mask, stride: width, width: width, height: height),
                                      map, opacity: o, into: out)
                }
            }
            guard map.visible, width >= r, height >= r else { return }
            let pixels = LayerReduction.box(src!, width: width, height: height, by: r)
            // The mask's reduction was worked out with the mask (`MaskPlanes.reduced`): its plane has this plane's
            // size, which is at least `r` here.
            let reducedMask = p.mask.map { mask in
                guard let planes = mask.reduced(by: r, luma: isFullResolution(plane, P.self)) else {
                    preconditionFailure("a \(width)x\(height) plane's mask has no reduction by \(r)")
                }
                return planes
            }
            pixels.withUnsafeBufferPointer { px in
                LayerReduction.withOptional(reducedMask) { mask in
                    LayerSampler.draw(.init(pixels: px.baseAddress!, mask: mask, stride: width / r, width: width, height: height),
                                      map, opacity: o, into: out)
                }
            }
        }
    }

    /// The mask plane that lines up with plane `plane` of a `P`: the luma mask for luma and 4:4:4 chroma.
    static func withMask<P: PlanarPicture>(_ mask: MaskPlanes?, _ plane: Int, _: P.Type,
                                           _ body: (UnsafePointer<UInt8>?) -> Void) {
        guard let mask else { return body(nil) }
        (isFullResolution(plane, P.self) ? mask.luma : mask.chroma).withUnsafeBufferPointer { body($0.baseAddress) }
    }

    /// `picture` drawn over black: an opaque frame, for a transition side that has layer keys.
    static func flatten<P: PlanarPicture>(_ picture: LayerPicture<P>) -> P {
        if picture.isPlain { return picture.frame }
        return compositeNew([.layer(picture)], width: picture.frame.width, height: picture.frame.height)
    }
}
