import Foundation
import ReelMedia
import ReelQueue
import ReelRender

/// A finished segment's thumbnail: its first frame, `width` pixels wide (height by aspect, even), a JPEG at
/// `PartFiles.thumbnail` beside the part. Content-addressed like the part, so a reused part keeps its
/// thumbnail, and `reel gc` deletes it with the part.
///
/// A worker writes it from the frame it just encoded (`SegmentResult.firstFrame`), nothing decoded again;
/// `ensure` makes one on demand, with the same compositor, for a part made before thumbnails existed.
public enum SegmentThumbnail {
    /// Thumbnail width in pixels.
    public static let width = 160
    /// The JPEG quantiser scale (as `ffmpeg -q:v`): small files, clean enough at 160 pixels.
    public static let qscale = 5

    /// Writes the thumbnail of part `hash` from its first frame (atomically: a reader sees none or all of it).
    /// - Throws: `FarmError.notFound` when `hash` is not a content hash; `MediaError` when encoding or writing fails.
    public static func write(_ frame: PlanarFrame, hash: String, store: PartStore) throws {
        guard PartFiles.isContentHash(hash) else { throw FarmError.notFound("not a content hash") }
        try JPEGImage.encode(frame, width: width, qscale: qscale, to: store.files(for: hash).thumbnail)
    }

    /// The segment's thumbnail when one exists (a regular file, not a link, in a folder that stays inside the
    /// store once links are resolved: `checkInside`), else nil. A segment whose content hash is not one (a hostile
    /// row) has none: no path is derived from it.
    public static func existing(for segment: Segment, store: PartStore) -> String? {
        guard PartFiles.isContentHash(segment.contentHash) else { return nil }
        let path = store.files(for: segment.contentHash).thumbnail
        guard (try? checkInside(path, store: store)) != nil else { return nil }
        return isRegularFile(path) ? path : nil
    }

    /// The segment's thumbnail, rendered first when its part has none: the part's first frame through the
    /// same compositor and title path as the render (`SegmentRenderer.picture`). For `GET …/thumbnail.jpg`.
    ///
    /// Every path is derived from `store.root` and the checked content hash, never from the row's
    /// `partLocation`, so a hostile row cannot name a file outside `root/parts`. The sources are opened only
    /// through the job's project, which `projects` loads under its media roots.
    /// - Parameters:
    ///   - segment: a row of `job` (from the queue).
    ///   - projects: loads and caches the job's project; create it with the workers' media roots.
    /// - Returns: the thumbnail's path, under `store.root/parts`.
    /// - Throws: `FarmError.notFound` when the row is not a segment of `job`, its hash is not a content hash,
    ///   or it has no finished part; `FarmError.contentChanged` when the job's plan no longer has this segment;
    ///   the project's or the renderer's errors; `MediaError` when writing fails.
    public static func ensure(for segment: Segment, of job: Job, store: PartStore, projects: ProjectCache) throws -> String {
        guard segment.jobID == job.id else { throw FarmError.notFound("segment \(segment.id) is not a segment of job \(job.id)") }
        guard PartFiles.isContentHash(segment.contentHash) else {
            throw FarmError.notFound("segment \(segment.index) of job \(job.id): its content hash is not one")
        }
        try checkInside(store.files(for: segment.contentHash).thumbnail, store: store)
        if let path = existing(for: segment, store: store) { return path }
        guard hasPart(segment, store: store) else {
            throw FarmError.notFound("segment \(segment.index) of job \(job.id) has no finished part")
        }
        let project = try projects.project(for: job)
        let plan = project.plan
        guard plan.segments.indices.contains(segment.index),
              plan.segments[segment.index].contentHash == segment.contentHash,
              plan.segments[segment.index].frames == segment.frames else {
            throw FarmError.contentChanged(segment: segment.index, message: "the job's plan no longer has this segment")
        }
        let renderer = SegmentRenderer(plan: plan, store: store, rules: project.inputs)
        let frame = try renderer.picture(atFrame: segment.frames.lowerBound)
        try write(frame, hash: segment.contentHash, store: store)
        return store.files(for: segment.contentHash).thumbnail
    }

    /// Whether the segment's part is complete (its manifest matches the row's frame and sample counts).
    /// Counts are subtracted with overflow checked: a row's ranges are input too.
    static func hasPart(_ segment: Segment, store: PartStore) -> Bool {
        let frames = segment.frames.upperBound.subtractingReportingOverflow(segment.frames.lowerBound)
        let samples = segment.samples.upperBound.subtractingReportingOverflow(segment.samples.lowerBound)
        guard !frames.overflow, !samples.overflow else { return false }
        return store.validManifest(for: segment.contentHash, frames: frames.partialValue,
                                   samples: samples.partialValue) != nil
    }

    /// Refuses a path whose folder, with symbolic links resolved, leaves `store.root/parts` (a linked
    /// `parts/<xx>`): a web view must neither serve nor write a file outside the storage root. A link in the
    /// file's own place is not served (`existing` wants a regular file) and is replaced by the rename.
    /// - Throws: `FarmError.notFound` naming the path.
    static func checkInside(_ path: String, store: PartStore) throws {
        guard MediaRoots([store.root + "/parts"]).contains((path as NSString).deletingLastPathComponent) else {
            throw FarmError.notFound("\(path) lies outside \(store.root)/parts once links are resolved")
        }
    }

    /// A regular file (`lstat`: a symbolic link is not followed, and does not count).
    static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG && st.st_size > 0
    }
}
