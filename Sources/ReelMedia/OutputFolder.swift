import Foundation
import ReelModel

/// A folder opened once to publish a file into it. Every later step (the temporary file, the write, the
/// checks before publishing, the rename) is made relative to this descriptor, so a link swapped into the path
/// afterwards cannot redirect any of them out of the folder that was checked.
///
/// Opening: the deepest existing ancestor of the folder is resolved (`realpath`) and opened; what is left
/// must be plain names (no `..`), and at most the last one may be missing (`createMissing`: a deeper missing
/// path is a typo until proven otherwise). Each is created with `mkdirat` and opened with `openat(O_NOFOLLOW)`
/// relative to its parent, so a link put there meanwhile is refused. The folder's real path, as the kernel
/// names the open descriptor, must then lie under `roots` and outside `refusing` (the part store).
public final class OutputFolder {
    /// The folder as asked for (messages name it).
    public let path: String
    /// Where the open folder really is.
    public let realPath: String
    /// The folder level this open created, if any.
    public let created: String?
    let fd: Int32

    /// - Throws: `MediaError.io` naming the folder and the reason (missing, a file, cannot be created, a
    ///   link or `..` where a folder is being made, inside the part store); `.outsideRoots`.
    public init(_ folder: String, roots: FolderRoots = .anywhere, refusing store: FolderRoots = .anywhere,
                createMissing: Bool = true) throws(MediaError) {
        let (absolute, base, missing) = try Self.plan(folder, createMissing: createMissing)
        var fd = try Self.openFolder(base, display: absolute)
        var created: String?
        do throws(MediaError) {
            try Self.checkPlace(fd, path: absolute, roots: roots, store: store)
            if let name = missing {
                let made = mkdirat(fd, name, 0o755) == 0
                guard made || errno == EEXIST else {
                    throw MediaError.io(path: absolute, message: "cannot create the output folder: \(FileDescriptor.errorText())")
                }
                if made { created = absolute }
                let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else {
                    throw MediaError.io(path: absolute, message: "cannot be opened as a folder (\(FileDescriptor.errorText())); "
                                        + "Reel does not publish through links")
                }
                close(fd)
                fd = child
                try Self.checkPlace(fd, path: absolute, roots: roots, store: store)
            }
        } catch {
            close(fd)
            throw error
        }
        self.path = absolute
        self.realPath = FileDescriptor.realPath(of: fd) ?? absolute
        self.created = created
        self.fd = fd
    }

    /// Where `folder` would really be: its deepest existing ancestor resolved (`realpath`), and below it the
    /// names that do not exist yet, which must be plain (no `..` or `.`). Creates and opens nothing: a
    /// submitter checks an output this way before its workers create the folder.
    /// - Throws: `MediaError.io` for `..` or `.` below the existing part.
    public static func resolve(_ folder: String) throws(MediaError) -> String {
        let absolute = URL(fileURLWithPath: folder).path
        let (base, rest) = split(absolute)
        guard !rest.contains(".."), !rest.contains(".") else { throw dots(absolute, base) }
        let joined = ([base == "/" ? "" : base] + rest).joined(separator: "/")
        return joined.isEmpty ? "/" : joined
    }

    /// The folder made absolute, its deepest existing ancestor (resolved), and the one level to create.
    static func plan(_ folder: String, createMissing: Bool) throws(MediaError) -> (String, String, String?) {
        let absolute = URL(fileURLWithPath: folder).path
        let (base, rest) = split(absolute)
        guard !rest.contains(".."), !rest.contains(".") else { throw dots(absolute, base) }
        if rest.count > 1 || (rest.count == 1 && !createMissing) {
            let parent = (absolute as NSString).deletingLastPathComponent
            throw .io(path: absolute, message: "no such folder, and neither is \(parent); "
                      + "check the path, or create the folders first")
        }
        return (absolute, base, rest.first)
    }

    deinit { close(fd) }

    /// The deepest existing ancestor of `path` (resolved) and the names below it, which do not exist.
    static func split(_ path: String) -> (String, [String]) {
        var names: [String] = []
        var current = path
        while !current.isEmpty && current != "/" {
            if let real = realpath(current, nil) {
                defer { free(real) }
                return (String(cString: real), names.reversed())
            }
            guard errno == ENOENT else { break }   // not a folder, or unreadable: openFolder says which
            names.append((current as NSString).lastPathComponent)
            current = (current as NSString).deletingLastPathComponent
        }
        return (current.isEmpty ? "/" : current, names.reversed())
    }

    static func dots(_ path: String, _ base: String) -> MediaError {
        .io(path: path, message: "names \"..\" or \".\" below \(base), which does not exist yet; give the folder without them")
    }

    static func openFolder(_ path: String, display: String) throws(MediaError) -> Int32 {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOTDIR { throw .io(path: path, message: "is a file, not a folder") }
            throw .io(path: display, message: "cannot open the output folder: \(FileDescriptor.errorText())")
        }
        return fd
    }

    /// The open folder must really lie under `roots` and outside `store`.
    static func checkPlace(_ fd: Int32, path: String, roots: FolderRoots, store: FolderRoots) throws(MediaError) {
        guard let real = FileDescriptor.realPath(of: fd) else {
            throw .io(path: path, message: "cannot tell where the output folder lies")
        }
        guard roots.contains(realPath: real) else { throw .outsideRoots(path: path, resolved: real, roots: roots.paths) }
        if !store.isEmpty, store.contains(realPath: real) {
            throw .io(path: path, message: "lies inside the part store \(store.paths[0]); outputs go elsewhere")
        }
    }
}
