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

    /// True when drawing the layer sets every sample of every plane from its own pixels alone: opaque, unmasked,
    /// and each output pixel's four taps inside the crop (a full-frame Ken Burns move). Nothing below it can
    /// show, so the compositor need not paint the frame black first.
    ///
    /// The taps of pixel (x, y) are inside when `x0 ≤ ⌊sx/2¹⁶⌋ ≤ x1 − 2` and the same for `sy`, with
    /// `sx = a·x + b·y + c` exactly as `LayerSampler.draw` walks it: each is a half-plane in (x, y), so when the
    /// four corner pixels meet them every pixel between does.
    var paintsEveryPixel: Bool {
        guard mask == nil, state.opacityWeight == 256 else { return false }
        let r = LayerReduction.factor(scale: state.scale)
        let planes = [(frame.width, frame.height),
                      (Picture.chromaSize(frame.width), Picture.chromaSize(frame.height))]
        for (w, h) in planes {
            guard w >= r, h >= r else { return false }
            let m = LayerGeometry.map(state, width: w, height: h, reduction: r)
            guard m.visible, m.left == 0, m.top == 0, m.right == w, m.bottom == h else { return false }
            for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
                let ix = (m.a * x + m.b * y + m.c) >> 16, iy = (m.d * x + m.e * y + m.f) >> 16
                guard ix >= m.x0, ix + 1 < m.x1, iy >= m.y0, iy + 1 < m.y1 else { return false }
            }
        }
        return true
    }
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
