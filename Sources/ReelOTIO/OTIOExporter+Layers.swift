import ReelModel

extension OTIOExporter {
    /// Refuses what OTIO export cannot write yet: clip layer keys (transform, opacity, mask), the output
    /// mask and background, and the watermark. Silently dropping them would change the picture.
    static func refuseLayerKeys(_ c: Composition) throws(OTIOError) {
        for track in c.videoTracks {
            for case .clip(let clip) in track.items where !clip.layer.isEmpty {
                throw .export("\(clip.origin.isEmpty ? "a clip" : clip.origin): transform, opacity and mask "
                              + "cannot be written to OTIO yet")
            }
        }
        if c.output.mask != nil || c.output.background != RGBA(r: 0, g: 0, b: 0) {
            throw .export("output.mask and output.background cannot be written to OTIO yet")
        }
        if c.watermark != nil { throw .export("watermark cannot be written to OTIO yet") }
    }
}
