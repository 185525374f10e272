import ReelPlan
import ReelQueue

extension SegmentSpec {
    /// The queue's segment for a planned one: its index, frames, samples and content hash. `reel submit`
    /// (`Coordinator`) and `reel render` (`LocalRender`) both make their jobs' segments here.
    init(planned segment: SegmentPlan) {
        self.init(index: segment.index, frames: segment.frames, samples: segment.samples, contentHash: segment.contentHash)
    }
}
