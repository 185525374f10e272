import ReelModel

/// Layer keys in the segment hash: written only for clips that have them (a plain clip hashes as
/// before), with the key times placed relative to `T0` through the clip's start.
extension SegmentHasher {
    mutating func encodeLayer(_ placed: PlacedClip, t0: RationalTime) throws {
        let layer = placed.clip.layer
        e.tag(0x13)
        e.time(try placed.visible.start - t0)
        e.int(layer.transform.count)
        for k in layer.transform {
            e.time(k.time)
            e.string(k.ease.rawValue)
            encodeOptional(k.value.position.map { [$0.x, $0.y] })
            encodeOptional(k.value.scale.map { [$0] })
            encodeOptional(k.value.rotation.map { [$0] })
            encodeOptional(k.value.anchor.map { [$0.x, $0.y] })
            encodeOptional(k.value.crop.map { [$0.x, $0.y, $0.width, $0.height] })
        }
        e.int(layer.opacity.count)
        for k in layer.opacity { e.time(k.time); e.string(k.ease.rawValue); e.rational(k.value) }
        encodeMask(layer.mask)
    }

    mutating func encodeMask(_ mask: Mask?) {
        e.bool(mask != nil)
        guard let mask else { return }
        e.string(mask.shape.rawValue)
        e.rational(mask.radius)
        e.rational(mask.feather)
    }

    mutating func encodeOptional(_ values: [Rational]?) {
        e.bool(values != nil)
        for v in values ?? [] { e.rational(v) }
    }
}

extension SegmentHasher {
    /// `output.mask` and `output.background`, written only when set (plain outputs hash as before).
    mutating func encodeFrameShape(_ o: OutputSettings) {
        guard o.mask != nil || o.background != RGBA(r: 0, g: 0, b: 0) else { return }
        e.tag(0x14)
        encodeMask(o.mask)
        e.bytesOf(o.background)
    }
}

extension SegmentHasher {
    /// The watermark (the same on every frame), with what its image file holds.
    mutating func encodeWatermark(_ w: Watermark?) {
        guard let w else { return }
        e.tag(0x15)
        e.string(w.image)
        e.string(plan.options.titleFiles[.image(w.image)])
        e.rational(w.position.x); e.rational(w.position.y)
        e.rational(w.opacity); e.rational(w.scale)
    }
}
