import ReelMedia
import ReelModel
import ReelPlan

/// The deep picture path (`Plan.isDeep`, docs/colour.md): each source's `DeepFrame` in the output's colour,
/// composited at 16 bits 4:4:4, dithered to the encoder's depth with the frame's programme index (so a frame's
/// codes do not depend on where segments are cut), encoded with the output's colour tags and HDR metadata.
extension SegmentRenderer {
    /// The working colour of the deep path: the output's (BT.709 SDR, BT.2100 HLG or PQ).
    var workingColour: ColorDescription { plan.composition.output.color.colorDescription }

    /// Encodes frames `segment.frames` on the deep path into the part at `path`.
    /// - Returns: the first frame as an 8-bit BT.709 picture (nil for an empty segment), for the part's thumbnail.
    func renderDeepVideo(_ segment: SegmentPlan, to path: String, isCanceled: () -> Bool,
                         progress: (Int64) -> Void) throws -> PlanarFrame? {
        let output = plan.composition.output
        let writer = try VideoPartWriter(path: path, settings: output, color: workingColour, hdr: output.hdrMetadata)
        let quantizer = Quantizer(bits: output.video.storedBitDepth > 8 ? 10 : 8)
        var sources = DeepVideoSources(renderer: self, width: output.width, height: output.height,
                                       colour: workingColour)
        var frame = DeepFrame(width: output.width, height: output.height)
        var first: PlanarFrame? = nil
        for f in segment.frames {
            if isCanceled() { throw RenderError.canceled }
            try composeDeepFrame(f, sources: &sources, into: &frame)
            if first == nil { first = sdrPicture(frame) }
            try writer.append(frame, dither: quantizer, programmeFrame: f)
            progress(f - segment.frames.lowerBound + 1)
        }
        try writer.finish()
        return first
    }

    /// The finished deep picture of timeline frame `f` in the working colour, before dithering.
    func composeDeepFrame(_ f: Int64, sources: inout DeepVideoSources, into frame: inout DeepFrame) throws {
        try composePicture(f, colour: workingColour, source: { clip in try sources.frame(clip) }, into: &frame)
        sources.closeUnused()
    }

    /// A deep picture in the working colour as the 8-bit BT.709 SDR picture thumbnails show (`SDRPicture`).
    func sdrPicture(_ deep: DeepFrame) -> PlanarFrame {
        SDRPicture.planar(deep, in: workingColour, hdr: plan.composition.output.hdrMetadata)
    }
}
