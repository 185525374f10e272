import Foundation
import ReelMedia
import ReelModel
import ReelQueue
import ReelRecords

/// The input files of the farm's active jobs (`RenderRequest.inputs`, recorded at submit), so that no job
/// publishes over a file another job is still reading. Judged by device and inode where the file exists here,
/// and by its resolved path as well.
struct ActiveInputs {
    /// Each input path with the job that reads it.
    let paths: [(path: String, job: Int64)]

    /// - Parameter jobs: the active jobs (queued, running, stitching); `excluding` leaves one out (its own
    ///   inputs are checked by the stitcher with the identities it opened).
    init(_ jobs: [Job], excluding: Int64? = nil) {
        paths = jobs.filter { $0.id != excluding }.flatMap { job in
            ((try? RenderRequest.decoded(job.composition))?.inputs ?? []).map { ($0, job.id) }
        }
    }

    /// The inputs that exist here, by path, for `OutputFolder.checkTarget`.
    var fileIDs: [String: FileID] {
        var ids: [String: FileID] = [:]
        for (path, job) in paths {
            if let id = FileDescriptor.fileID(atPath: path) { ids["\(path) (job \(job))"] = id }
        }
        return ids
    }

    /// - Throws: `FarmError.io` when `output` is, or resolves to, an input of an active job.
    func refuse(_ output: String) throws {
        let resolved = FolderRoots.resolved(output)
        let id = FileDescriptor.fileID(atPath: output)
        for (path, job) in paths {
            let same = FolderRoots.resolved(path) == resolved
                || (id != nil && FileDescriptor.fileID(atPath: path).map { $0.isSameFile(as: id!) } == true)
            if same {
                throw FarmError.io(path: output, message: "is an input (\(path)) of active job \(job); "
                                   + "publishing there would destroy it: choose another output")
            }
        }
    }
}
