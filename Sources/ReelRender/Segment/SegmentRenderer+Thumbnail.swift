import ReelMedia
import ReelModel
import ReelPlan

extension SegmentRenderer {
    /// The finished picture of timeline frame `f`, through the same compositor and title path as a
    /// render (the analogue of `AVAssetImageGenerator` with zero tolerance).
    /// - Throws: `RenderError` naming the frame, or the media error.
    public func picture(atFrame f: Int64) throws -> PlanarFrame {
        let output = plan.composition.output
        if plan.isDeep { return try deepPicture(atFrame: f) }
        var sources = VideoSources(renderer: self, width: output.width, height: output.height)
        var frame = PlanarFrame(width: output.width, height: output.height)
        do {
            try composeFrame(f, sources: &sources, into: &frame)
        } catch let error as MediaError {
            throw RenderError.picture(frame: f, message: "\(error)")
        }
        return frame
    }

    /// `picture(atFrame:)` of a deep plan: the deep picture, as thumbnails show it (`sdrPicture`).
    private func deepPicture(atFrame f: Int64) throws -> PlanarFrame {
        let output = plan.composition.output
        var sources = DeepVideoSources(renderer: self, width: output.width, height: output.height,
                                       colour: workingColour)
        var frame = DeepFrame(width: output.width, height: output.height)
        do {
            try composeDeepFrame(f, sources: &sources, into: &frame)
        } catch let error as MediaError {
            throw RenderError.picture(frame: f, message: "\(error)")
        }
        return sdrPicture(frame)
    }
}
