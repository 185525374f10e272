import Foundation
import ReelQueue
import ReelRender

extension Worker {
    /// Writes a freshly rendered part's thumbnail from its first frame, before the segment is recorded as
    /// done, so a web view that sees it done finds the picture. A failure is reported and the part stands:
    /// a thumbnail is never worth a segment. A reused part keeps the thumbnail it has (or gets one on demand).
    func writeThumbnail(_ result: SegmentResult, jobID: Int64, segment: Int) {
        guard let frame = result.firstFrame else { return }
        do {
            try SegmentThumbnail.write(frame, hash: result.manifest.contentHash, store: configuration.store)
        } catch {
            events(.thumbnailFailed(jobID: jobID, segment: segment, message: "\(error)"))
        }
    }

    /// Writes the job's poster frame (`JobPoster`) once its output is published, unless a reused part
    /// already has one. A failure is reported; the job is done either way.
    func writePoster(jobID: Int64, segments: [Segment]) {
        guard JobPoster.existing(for: segments, store: configuration.store) == nil,
              let middle = JobPoster.segment(of: segments) else { return }
        do {
            try JobPoster.write(from: middle, store: configuration.store)
        } catch {
            events(.thumbnailFailed(jobID: jobID, segment: nil, message: "poster: \(error)"))
        }
    }
}
