import Foundation
import ReelMedia
import ReelRender

/// Checks an output path before any work is spent on it, the way the stitcher will use it.
///
/// The stitcher writes `<dir>/.<name>.<token>.tmp.<ext>` and renames it over the final name. So the
/// check creates and removes exactly such a file: a name too long for the file system, a read-only
/// mount, a missing permission, a full inode table or too many open files all show up here, before a
/// two-hour render, with the path and the system's reason, instead of after it.
///
/// Folders: the output's own folder is created when only that last level is missing (and the caller
/// is told); a deeper missing path is a typo until proven otherwise, so it is refused.
public enum OutputTarget {
    /// The outcome of a successful check.
    public struct Prepared: Sendable, Equatable {
        /// The folder that was created for the output, if any.
        public var createdFolder: String?
    }

    /// - Parameter path: an absolute output path.
    /// - Throws: `FarmError.io` naming the path and what is wrong.
    @discardableResult
    public static func prepare(_ path: String) throws -> Prepared {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw FarmError.io(path: path, message: "is a folder; give a file name such as \(path)/final.mp4")
        }
        let created = try ensureFolder(folder)
        try probeWrite(PartFiles.temporaryPath(for: path), final: path)
        return Prepared(createdFolder: created)
    }

    /// Creates `folder` when only it is missing; returns it when created.
    static func ensureFolder(_ folder: String) throws -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw FarmError.io(path: folder, message: "is a file, not a folder") }
            return nil
        }
        let parent = (folder as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw FarmError.io(path: folder, message: "no such folder, and neither is \(parent); "
                               + "check the path, or create the folders first")
        }
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
            throw FarmError.io(path: folder, message: "cannot create the output folder: \(String(cString: strerror(errno)))")
        }
        return folder
    }

    /// Creates and removes the stitcher's temporary file for `final`.
    static func probeWrite(_ temp: String, final: String) throws {
        let name = (temp as NSString).lastPathComponent
        let limit = Int(NAME_MAX)
        guard name.utf8.count <= limit else {
            let finalName = (final as NSString).lastPathComponent
            throw FarmError.io(path: final, message: "the file name is \(finalName.utf8.count) bytes long; Reel writes "
                               + "it under a temporary name \(name.utf8.count - finalName.utf8.count) bytes longer, "
                               + "and names may have at most \(limit) bytes: use a shorter name")
        }
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw FarmError.io(path: final, message: "cannot be written: \(String(cString: strerror(errno)))")
        }
        close(fd)
        unlink(temp)
    }
}

/// Where finished files may be published: under one of the configured roots (`--output-root`,
/// `REEL_OUTPUT_ROOTS`), never inside the part store, and never through a symbolic link. `..` and links
/// in the folders are resolved first, as for the media roots. `submit` checks it and every stitching
/// worker checks it again with its own roots, so a submitter cannot make a worker overwrite what its
/// user may write elsewhere.
public struct OutputRoots: Sendable {
    public let roots: MediaRoots
    /// The part store's root; outputs inside it are refused even without roots.
    public let store: MediaRoots

    public init(_ roots: [String], store: PartStore? = nil) {
        self.roots = MediaRoots(roots)
        self.store = MediaRoots(store.map { [$0.root] } ?? [])
    }

    /// From `REEL_OUTPUT_ROOTS` (colon-separated).
    public static func fromEnvironment() -> [String] {
        (ProcessInfo.processInfo.environment["REEL_OUTPUT_ROOTS"] ?? "").split(separator: ":").map(String.init)
    }

    /// - Parameter path: an absolute output path.
    /// - Throws: `FarmError.outsideOutputRoots`, or `FarmError.io` for a link or a path inside the part store.
    public func check(_ path: String) throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let name = url.lastPathComponent
        let folder = url.deletingLastPathComponent().resolvingSymlinksInPath().path
        let resolved = folder == "/" ? "/" + name : folder + "/" + name
        var info = stat()
        if lstat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw FarmError.io(path: path, message: "is a symbolic link; Reel does not publish through links")
        }
        if let store = store.roots.first, self.store.contains(resolved) {
            throw FarmError.io(path: path, message: "lies inside the part store \(store); outputs go elsewhere")
        }
        guard roots.roots.isEmpty || roots.contains(resolved) else {
            throw FarmError.outsideOutputRoots(path: path, roots: roots.roots)
        }
    }
}
