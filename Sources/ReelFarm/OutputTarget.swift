import Foundation
import ReelMedia
import ReelModel
import ReelRender

/// Checks an output before any work is spent on it, the way the stitcher will publish it, and opens its
/// folder for that publication (`OutputFolder`: every later write and rename is made relative to it).
///
/// The stitcher writes `<dir>/.<name>.<token>.tmp.<ext>` and publishes it as the final name. So the check
/// creates and removes exactly such a file: a name too long for the file system, a read-only mount, a missing
/// permission, a full inode table or too many open files all show up here, before a two-hour render, with the
/// path and the system's reason, instead of after it. It also refuses an output that is one of the job's own
/// inputs (by device and inode), a folder or a link, and any existing file unless `overwrite` says so; the
/// stitcher checks all of that again right before it publishes.
///
/// Folders: the output's own folder is created when only that last level is missing (and the caller
/// is told); a deeper missing path is a typo until proven otherwise, so it is refused.
public enum OutputTarget {
    /// The outcome of a successful check.
    public struct Prepared {
        /// The folder that was created for the output, if any.
        public var createdFolder: String?
        /// Where and on what terms the stitcher publishes.
        public var publication: Publication
    }

    /// - Parameters:
    ///   - path: an absolute output path.
    ///   - roots: the output roots and the part store (`OutputRoots`).
    ///   - overwrite: an existing file (not an input) may be replaced.
    ///   - inputs: the job's input files, never replaced (`Project.inputFiles`).
    /// - Throws: `FarmError.io` naming the path and what is wrong; `FarmError.outsideOutputRoots`.
    public static func prepare(_ path: String, roots: OutputRoots = OutputRoots([]), overwrite: Bool = false,
                               inputs: [String: FileID] = [:]) throws -> Prepared {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        guard !name.isEmpty, name != ".", name != "..", !path.hasSuffix("/") else {
            throw FarmError.io(path: path, message: "is a folder; give a file name such as \(path)/final.mp4")
        }
        do {
            let folder = try OutputFolder(url.deletingLastPathComponent().path, roots: roots.roots.folders,
                                          refusing: roots.store.folders)
            try folder.checkTarget(name, overwrite: overwrite, inputs: inputs)
            folder.discard(try folder.createTemporary(for: name).name)
            return Prepared(createdFolder: folder.created,
                            publication: Publication(folder: folder, name: name, overwrite: overwrite, inputs: inputs))
        } catch {
            throw roots.farmError(error, output: path)
        }
    }
}

extension OutputTarget {
    /// What a submitter can check of an output without creating anything: when its folder exists here, the
    /// file at the output is not a folder, a link or one of `inputs`, and exists only with `overwrite`.
    /// - Throws: `FarmError.io` naming the path and what is wrong.
    public static func checkExisting(_ path: String, overwrite: Bool, inputs: [String: FileID]) throws {
        let url = URL(fileURLWithPath: path)
        guard let folder = try? OutputFolder(url.deletingLastPathComponent().path, createMissing: false) else { return }
        do { try folder.checkTarget(url.lastPathComponent, overwrite: overwrite, inputs: inputs) } catch {
            throw OutputRoots([]).farmError(error, output: path)
        }
    }
}

/// Where finished files may be published: under one of the configured roots (`--output-root`,
/// `REEL_OUTPUT_ROOTS`), never inside the part store, and never through a symbolic link. The path is judged
/// where it really is: its deepest existing folder resolved, no `..` below it (`OutputFolder.resolve`).
/// `submit` checks it and every stitching worker checks it again with its own roots, on the folder it opened
/// (`OutputTarget.prepare`), so a submitter cannot make a worker write where its user may not.
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
    /// - Throws: `FarmError.outsideOutputRoots`, or `FarmError.io` for a link, `..` below the existing folders,
    ///   or a path inside the part store.
    public func check(_ path: String) throws {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        let folder: String
        do { folder = try OutputFolder.resolve(url.deletingLastPathComponent().path) } catch {
            throw farmError(error, output: path)
        }
        let resolved = folder == "/" ? "/" + name : folder + "/" + name
        var info = stat()
        if lstat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw FarmError.io(path: path, message: "is a symbolic link; Reel does not publish through links")
        }
        if let store = store.roots.first, self.store.folders.contains(realPath: resolved) {
            throw FarmError.io(path: path, message: "lies inside the part store \(store); outputs go elsewhere")
        }
        guard roots.folders.contains(realPath: resolved) else {
            throw FarmError.outsideOutputRoots(path: path, roots: roots.roots)
        }
    }

    /// The absolute path of an output named relative to the first root, as the API takes it (`spots/final.mp4`).
    /// The name is judged as written, before any file is looked at: where it really leads is `check`'s to say.
    /// - Throws: `FarmError.io` naming `name` when there is no root, or the name is absolute or holds a `..`,
    ///   `.` or empty part (which could climb out of the root or alias another name), or a NUL.
    public func path(ofName name: String) throws -> String {
        guard let root = roots.roots.first else { throw FarmError.io(path: name, message: "there is no output root") }
        guard !name.hasPrefix("/") else {
            throw FarmError.io(path: name, message: "is absolute; give a name relative to the output root, e.g. spots/final.mp4")
        }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }), !name.utf8.contains(0) else {
            throw FarmError.io(path: name, message: "holds an empty, '.' or '..' part; give a plain relative name, e.g. spots/final.mp4")
        }
        return (root.hasSuffix("/") ? String(root.dropLast()) : root) + "/" + name
    }

    /// A `MediaError` about an output as the farm reports it.
    func farmError(_ error: MediaError, output: String) -> FarmError {
        switch error {
        case .outsideRoots: return .outsideOutputRoots(path: output, roots: roots.roots)
        case let .io(path, message), let .invalidData(path, message): return .io(path: path, message: message)
        default: return .io(path: output, message: error.reason)
        }
    }
}
