import ReelMedia
import ReelModel
import ReelPlan

/// Clip layer keys in the frame pipeline: a clip with transform, opacity or mask keys becomes a
/// `.layer` over what lies below; as a transition side it is first drawn over black.
extension SegmentRenderer {
    /// The compositor layer of a clip shown alone at timeline time `t`.
    func clipLayer<P: PlanarPicture>(_ clip: ClipFrame, _ frame: P, at t: RationalTime) throws -> CompositorLayer<P> {
        guard let picture = try layerPicture(clip, frame, at: t) else { return .frame(frame) }
        return picture.isPlain ? .frame(frame) : .layer(picture)
    }

    /// A transition side at `t`: the clip's picture, with its layer keys drawn over black.
    func transitionSide<P: PlanarPicture>(_ clip: ClipFrame, _ frame: P, at t: RationalTime) throws -> P {
        guard let picture = try layerPicture(clip, frame, at: t) else { return frame }
        return Compositor.flatten(picture)
    }

    /// The clip's layer at `t` (keys evaluated at `t − visible.start`, exact), or nil when it has none.
    func layerPicture<P: PlanarPicture>(_ clip: ClipFrame, _ frame: P, at t: RationalTime) throws -> LayerPicture<P>? {
        let placed = plan.clips[clip.clip]
        let layer = placed.clip.layer
        guard !layer.isEmpty else { return nil }
        let state = try LayerState(of: layer, at: try t - placed.visible.start, clip: placed.clip.origin)
        return LayerPicture(frame: frame, state: state, mask: layer.mask.map { maskPlanes($0, frame) })
    }

    /// The mask rasterised at the frame's size, drawn once per renderer.
    func maskPlanes<P: PlanarPicture>(_ mask: Mask, _ frame: P) -> MaskPlanes {
        if let cached = masks[mask], cached.width == frame.width, cached.height == frame.height { return cached }
        let planes = MaskPlanes(mask, width: frame.width, height: frame.height)
        masks[mask] = planes
        return planes
    }
}

extension SegmentRenderer {
    /// Applies `output.mask` (over `output.background`, in the working colour) to a finished frame;
    /// nothing when there is none.
    func maskOutput<P: PlanarPicture>(_ frame: inout P, colour: ColorDescription) {
        let output = plan.composition.output
        guard let mask = output.mask else { return }
        Compositor.maskPicture(&frame, mask: maskPlanes(mask, frame), background: output.background, colour: colour)
    }
}

extension SegmentRenderer {
    /// Draws the watermark (an image title sized to its fraction of the output width) above everything.
    func drawWatermark<P: PlanarPicture>(at t: RationalTime, colour: ColorDescription, onto frame: inout P) throws {
        guard let watermark = plan.composition.watermark else { return }
        let image: RGBAImage
        if let cached = titleImages[-1] {
            image = cached
        } else {
            reading?(watermark.image)
            image = try PNGImage.decode(path: watermark.image, rules: rules)
            titleImages[-1] = image
        }
        let title = watermark.title(outputWidth: frame.width, imageWidth: image.width)
        try titles.drawPicture(title, image: image, at: t, colour: colour, onto: &frame)
    }
}
