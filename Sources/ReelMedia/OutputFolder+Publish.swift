import Foundation
import ReelModel

/// A file being written in an `OutputFolder` under a temporary name: created exclusively (`O_EXCL`,
/// `O_NOFOLLOW`) relative to the folder, and written through `writePath`, which names this very file.
public final class TemporaryOutput {
    public let folder: OutputFolder
    /// The temporary file's name in the folder.
    public let name: String
    let fd: Int32

    init(folder: OutputFolder, name: String, fd: Int32) {
        self.folder = folder
        self.name = name
        self.fd = fd
    }

    deinit { close(fd) }

    /// What a writer opens (FFmpeg's muxer, faststart's second pass): `/proc/self/fd/N`.
    public var writePath: String { FileDescriptor.procPath(fd) }
    /// The file's path, for messages.
    public var path: String { folder.path + "/" + name }
    /// Bytes written so far.
    public var size: Int64 {
        var info = stat()
        return fstat(fd, &info) == 0 ? Int64(info.st_size) : 0
    }
}

extension OutputFolder {
    /// Creates the temporary file for `final` (a name in this folder), tagged with `owner`
    /// (`AtomicFile.temporaryName`).
    /// - Throws: `MediaError.io` when the name is too long once the temporary suffix is added, or the file
    ///   cannot be created (read-only, permissions, no inodes), naming `final` and the reason.
    public func createTemporary(for final: String, owner: String = "") throws(MediaError) -> TemporaryOutput {
        let name = AtomicFile.temporaryName(for: final, owner: owner)
        let limit = Int(NAME_MAX)
        guard name.utf8.count <= limit else {
            throw .io(path: path + "/" + final, message: "the file name is \(final.utf8.count) bytes long; Reel writes "
                      + "it under a temporary name \(name.utf8.count - final.utf8.count) bytes longer, "
                      + "and names may have at most \(limit) bytes: use a shorter name")
        }
        let fd = openat(self.fd, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw .io(path: path + "/" + final, message: "cannot be written: \(FileDescriptor.errorText())")
        }
        return TemporaryOutput(folder: self, name: name, fd: fd)
    }

    /// Removes a temporary file of this folder; a missing one is not an error.
    public func discard(_ name: String) {
        unlinkat(fd, name, 0)
    }

    /// The names in this folder that pass `isIncluded`.
    public func names(where isIncluded: (String) -> Bool) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: FileDescriptor.procPath(fd))) ?? []).filter(isIncluded)
    }

    /// What is at `name` now, without following a link.
    public func existing(_ name: String) -> (kind: mode_t, id: FileID)? {
        var info = stat()
        guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return (info.st_mode & S_IFMT, FileDescriptor.fileID(info))
    }

    /// Refuses to publish over `name` when it is a folder or a link, one of `inputs` (by device and inode), or,
    /// without `overwrite`, any existing file.
    /// - Throws: `MediaError.io` naming the file and why.
    public func checkTarget(_ name: String, overwrite: Bool, inputs: [String: FileID]) throws(MediaError) {
        let target = path + "/" + name
        guard let (kind, id) = existing(name) else { return }
        if kind == S_IFDIR { throw .io(path: target, message: "is a folder; give a file name such as \(target)/final.mp4") }
        if kind == S_IFLNK { throw .io(path: target, message: "is a symbolic link; Reel does not publish through links") }
        if let input = inputs.sorted(by: { $0.key < $1.key }).first(where: { $0.value.isSameFile(as: id) }) {
            throw .io(path: target, message: "is the same file as the job's input \(input.key) (device \(id.device), "
                      + "inode \(id.inode)); "
                      + "writing it would destroy that input: choose another output")
        }
        if !overwrite {
            throw .io(path: target, message: "already exists; pass --overwrite to replace it")
        }
    }

    /// Makes `temp` durable and publishes it as `name`, after `checkTarget`. Without `overwrite` the publish
    /// is a `linkat`, which fails if a file appeared there meanwhile; with it, a `renameat` over the old file.
    /// Then the folder is synced.
    /// - Throws: `MediaError.io` naming the step and the system's reason.
    public func publish(_ temp: TemporaryOutput, as name: String, overwrite: Bool,
                        inputs: [String: FileID]) throws(MediaError) {
        let target = path + "/" + name
        guard fsync(temp.fd) == 0 else { throw .io(path: temp.path, message: "fsync: \(FileDescriptor.errorText())") }
        try checkTarget(name, overwrite: overwrite, inputs: inputs)
        if overwrite {
            guard renameat(fd, temp.name, fd, name) == 0 else {
                throw .io(path: target, message: "rename from \(temp.path): \(FileDescriptor.errorText())")
            }
        } else {
            guard linkat(fd, temp.name, fd, name, 0) == 0 else {
                let exists = errno == EEXIST
                throw .io(path: target, message: exists ? "appeared while it was being written; pass --overwrite to "
                          + "replace it" : "link from \(temp.path): \(FileDescriptor.errorText())")
            }
            unlinkat(fd, temp.name, 0)
        }
        guard fsync(fd) == 0 else { throw .io(path: path, message: "fsync: \(FileDescriptor.errorText())") }
    }
}
