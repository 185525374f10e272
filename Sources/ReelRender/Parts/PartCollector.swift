import Foundation
import ReelMedia
import ReelModel

/// `reel gc`: deletes parts and stale temporary files under a part store that no active job references and that
/// are older than `olderThan`.
///
/// Why it cannot delete a part an in-flight job needs:
/// 1. Files are listed **before** the referenced hashes are read from the queue. Any job active at that later read
///    (queued, running or stitching, in any segment state) keeps every part it has used, renders or will stitch.
/// 2. Only files older than `olderThan` are candidates: a part being written, or just written, by a running job
///    is young (a temporary file's mtime moves with every write), so a job that becomes active and renders after
///    the read is safe too.
/// 3. Right before each part is deleted its files are looked at again (still old, none rewritten) and the queue is
///    asked again about that one hash. The manifest goes first, so a reader sees the part as invalid, never half.
/// What remains is a job submitted between that last check and the unlink that reuses the part: its stitcher
/// finds the part missing and sends the segment back to render (`stitchRequeue`), so it costs a render, not the job.
public struct PartCollector: Sendable {
    public var store: PartStore
    /// Parts and temporary files whose newest file is younger than this are kept.
    public var olderThan: Duration
    /// Report what would be deleted, delete nothing.
    public var dryRun: Bool

    public init(store: PartStore, olderThan: Duration, dryRun: Bool = false) {
        self.store = store
        self.olderThan = olderThan
        self.dryRun = dryRun
    }

    /// What one run deleted (or would delete).
    public struct Report: Sendable, Hashable {
        public var dryRun: Bool
        public var parts: [PartFileSet] = []
        public var temporaryFiles: [PartFileSet] = []
        /// Old parts kept because an active job references them.
        public var keptReferenced = 0
        /// Parts or temporary files kept because they are younger than `olderThan` (or changed during the run).
        public var keptYoung = 0
        public var bytesFreed: Int64 { (parts + temporaryFiles).reduce(0) { $0 + $1.bytes } }
    }

    /// Lists, asks `references`, rechecks and deletes.
    /// - Parameter now: the reference time for ages (tests pass their own).
    /// - Throws: what `references` throws; `RenderError.media(.io)` naming a file that cannot be deleted.
    public func run(references: some PartReferences, now: Date = Date()) throws -> Report {
        let cutoff = now.addingTimeInterval(-olderThan.secondsDouble)
        let listing = PartListing(store: store)
        let (parts, temps) = try listing.scan()
        let referenced = try references.activeContentHashes(among: nil)
        var report = Report(dryRun: dryRun)
        for part in parts {
            guard part.newest < cutoff else { report.keptYoung += 1; continue }
            guard !referenced.contains(part.name) else { report.keptReferenced += 1; continue }
            guard listing.unchanged(part, cutoff: cutoff) else { report.keptYoung += 1; continue }
            guard try references.activeContentHashes(among: [part.name]).isEmpty else {
                report.keptReferenced += 1; continue
            }
            try delete(part)
            report.parts.append(part)
        }
        for temp in temps {
            guard temp.newest < cutoff, listing.unchanged(temp, cutoff: cutoff) else { report.keptYoung += 1; continue }
            try delete(temp)
            report.temporaryFiles.append(temp)
        }
        return report
    }

    private func delete(_ set: PartFileSet) throws {
        guard !dryRun else { return }
        for path in set.files where unlink(path) != 0 && errno != ENOENT {
            throw RenderError.media(.io(path: path, message: "unlink: \(String(cString: strerror(errno)))"))
        }
    }
}
