import Foundation
import ReelMedia
import ReelModel
import ReelQueue
import ReelRender

/// A finished job's poster frame: the first frame of its middle segment, `width` pixels wide, a JPEG at
/// `PartFiles.poster` beside that segment's part. It lives in the storage root, never next to the
/// user's output, and is keyed by content like the part, so `reel gc` deletes it with the part and a
/// job that reuses the part finds its poster already made.
///
/// The stitcher writes it when it has published the output, decoding the one frame from the part (the
/// frames it composited are long gone by then); `ensure` makes one on demand for jobs finished before.
public enum JobPoster {
    /// Poster width in pixels.
    public static let width = 480
    /// The JPEG quantiser scale (as `ffmpeg -q:v`).
    public static let qscale = 3

    /// The segment whose first frame is the poster: the middle one of `segments` in timeline order (of an
    /// even count, the later of the two), or nil when there are none.
    public static func segment(of segments: [Segment]) -> Segment? {
        let ordered = segments.sorted { $0.index < $1.index }
        return ordered.isEmpty ? nil : ordered[ordered.count / 2]
    }

    /// The poster of a job with these segments when one exists (a regular file, not a link), else nil.
    public static func existing(for segments: [Segment], store: PartStore) -> String? {
        guard let middle = segment(of: segments), PartFiles.isContentHash(middle.contentHash) else { return nil }
        let path = store.files(for: middle.contentHash).poster
        return SegmentThumbnail.isRegularFile(path) ? path : nil
    }

    /// The job's poster, decoded from its middle segment's part first when it has none. For the web view.
    /// - Parameter segments: the job's segments (from the queue), in any order.
    /// - Returns: the poster's path, under `store.root/parts`.
    /// - Throws: `FarmError.notFound` when a row is not the job's, the middle one's hash is not a content hash
    ///   or its part is gone; `MediaError` when decoding, encoding or writing fails.
    public static func ensure(for job: Job, segments: [Segment], store: PartStore) throws -> String {
        guard segments.allSatisfy({ $0.jobID == job.id }) else {
            throw FarmError.notFound("a segment row given for job \(job.id) is not one of its segments")
        }
        guard let middle = segment(of: segments) else { throw FarmError.notFound("job \(job.id) has no segments") }
        guard PartFiles.isContentHash(middle.contentHash) else {
            throw FarmError.notFound("segment \(middle.index) of job \(job.id): its content hash is not one")
        }
        try SegmentThumbnail.checkInside(store.files(for: middle.contentHash).poster, store: store)
        if let path = existing(for: segments, store: store) { return path }
        return try write(from: middle, store: store)
    }

    /// Writes the poster from `middle`'s part: its first frame decoded at the poster's size, in SDR BT.709.
    /// - Returns: the poster's path.
    /// - Throws: `FarmError.notFound` when the hash is not a content hash or the part is not complete;
    ///   `MediaError` when decoding, encoding or writing fails.
    @discardableResult
    public static func write(from middle: Segment, store: PartStore) throws -> String {
        let hash = middle.contentHash
        guard PartFiles.isContentHash(hash) else {
            throw FarmError.notFound("segment \(middle.index) of job \(middle.jobID): its content hash is not one")
        }
        guard SegmentThumbnail.hasPart(middle, store: store) else {
            throw FarmError.notFound("segment \(middle.index) of job \(middle.jobID) has no finished part")
        }
        let part = store.files(for: hash).video
        guard let video = try MediaProbe.probe(path: part).video else { throw MediaError.noVideoStream(path: part) }
        let size = JPEGImage.size(width: width, frameWidth: video.width, frameHeight: video.height)
        let source = try VideoFrameSource(path: part, width: size.width, height: size.height)
        // A part in HDR or a wide gamut (an HLG or PQ output) is shown as the thumbnails are, tone-mapped to SDR
        // BT.709 (`SDRPicture`); decoded as 8-bit BT.709 its codes would look flat and grey.
        let frame = video.color.isBT709SDR ? try source.frame(at: .zero)
            : SDRPicture.planar(try source.deepFrame(at: .zero), in: try source.colorDescription, hdr: video.hdr)
        let path = store.files(for: hash).poster
        try JPEGImage.encode(frame, width: size.width, qscale: qscale, to: path)
        return path
    }
}
