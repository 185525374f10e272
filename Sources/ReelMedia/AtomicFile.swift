import Foundation

/// Atomic publication of a file (a part's media and manifest, a picture, the stitched output): write under a
/// temporary name in the same directory, then `commit` (fsync the file, rename over the final name, fsync the
/// directory). A reader therefore sees either no file or a complete one, even after a crash. The temporary
/// names are made and recognised here only (`temporaryName`, `isTemporaryName`).
public enum AtomicFile {
    /// A temporary name beside `finalPath` (same directory, so the rename is atomic):
    /// `<dir>/.<name>.<owner><random>.tmp`, keeping the extension so FFmpeg picks the right muxer. `owner`
    /// ("j12a3." for a stitch attempt) lets a later owner find what an abandoned one left (`abandoned`).
    public static func temporaryPath(for finalPath: String, owner: String = "") -> String {
        let url = URL(fileURLWithPath: finalPath)
        return url.deletingLastPathComponent().appendingPathComponent(temporaryName(for: url.lastPathComponent, owner: owner)).path
    }

    /// The temporary file name (no folder) for a final file name: `.<name>.<owner><random>.tmp.<ext>`.
    public static func temporaryName(for finalName: String, owner: String = "") -> String {
        let ext = (finalName as NSString).pathExtension
        let token = UUID().uuidString.prefix(8).lowercased()
        return ".\((finalName as NSString).deletingPathExtension).\(owner)\(token).tmp" + (ext.isEmpty ? "" : ".\(ext)")
    }

    /// Whether `name` has the form of any temporary name: `.<name>.<owner><8 hex>.tmp[.<ext>]`.
    public static func isTemporaryName(_ name: String) -> Bool {
        name.wholeMatch(of: /\..+\.[0-9a-f]{8}\.tmp(\.[A-Za-z0-9]{1,8})?/) != nil
    }

    /// Whether `name` is a temporary name of `finalName` whose owner tag passes `isAbandoned`.
    public static func isTemporary(_ name: String, of finalName: String, isAbandoned: (String) -> Bool) -> Bool {
        let ext = (finalName as NSString).pathExtension
        let prefix = ".\((finalName as NSString).deletingPathExtension).", suffix = ".tmp" + (ext.isEmpty ? "" : ".\(ext)")
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return false }
        return isAbandoned(String(name.dropFirst(prefix.count).dropLast(suffix.count)))
    }

    /// The temporary files beside `finalPath` whose owner tag passes `isAbandoned` (see `temporaryPath`).
    public static func abandoned(for finalPath: String, isAbandoned: (String) -> Bool) -> [String] {
        let url = URL(fileURLWithPath: finalPath)
        let dir = url.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { isTemporary($0, of: url.lastPathComponent, isAbandoned: isAbandoned) }
            .map { dir.appendingPathComponent($0).path }
    }

    /// Makes `temp` durable and renames it to `final` (replacing any old file), then syncs the directory.
    /// - Throws: `MediaError.io` naming the failed step and `errno`'s message.
    public static func commit(temp: String, final: String) throws(MediaError) {
        try fsyncPath(temp, directory: false)
        guard rename(temp, final) == 0 else { throw posixError(final, "rename from \(temp)") }
        try fsyncPath(URL(fileURLWithPath: final).deletingLastPathComponent().path, directory: true)
    }

    /// Removes a temporary file left by a failed write; a missing file is not an error.
    public static func discard(temp: String) {
        unlink(temp)
    }

    private static func fsyncPath(_ path: String, directory: Bool) throws(MediaError) {
        let fd = open(path, directory ? O_RDONLY | O_DIRECTORY : O_RDONLY)
        guard fd >= 0 else { throw posixError(path, "open for fsync") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw posixError(path, "fsync") }
    }

    private static func posixError(_ path: String, _ step: String) -> MediaError {
        .io(path: path, message: "\(step): \(String(cString: strerror(errno)))")
    }
}
