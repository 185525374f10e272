import Foundation
import ReelModel

/// A file opened for reading under `InputRules`, with every check made on the open descriptor, never on the
/// name: a link swapped, a file renamed over it or a FIFO put in its place after a check cannot change what
/// is read.
///
/// The path is resolved (`realpath`), the result opened with `O_PATH | O_NOFOLLOW` (no read, so a FIFO never
/// blocks and a device sees no open), and then the descriptor is judged: a regular file, really under the
/// roots (`/proc/self/fd`), and the same device, inode, size and modification time as `expected` says.
/// Readers then open `openPath`, which names this very file whatever becomes of `path`.
public final class InputFile {
    /// The path as it was asked for (messages name it).
    public let path: String
    /// Where the file really is.
    public let realPath: String
    public let id: FileID
    let fd: Int32

    /// - Throws: `MediaError.fileNotFound`; `.invalidData` for a FIFO, socket, device or folder;
    ///   `.outsideRoots`; `.changed` when it is not the file `rules.expected` names; `.io` otherwise.
    public init(_ path: String, rules: InputRules) throws(MediaError) {
        guard let resolved = realpath(path, nil) else { throw Self.openError(path) }
        let target = String(cString: resolved)
        free(resolved)
        let fd = open(target, FileDescriptor.pathOnly | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw Self.openError(path) }
        do throws(MediaError) {
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw .io(path: path, message: FileDescriptor.errorText()) }
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw MediaError.invalidData(path: path, message: "is \(FileDescriptor.kindName(info.st_mode)), not a "
                                             + "regular file; Reel reads only regular media files")
            }
            guard let real = FileDescriptor.realPath(of: fd) else {
                throw MediaError.io(path: path, message: "cannot tell where the opened file lies")
            }
            guard rules.roots.contains(realPath: real) else {
                throw MediaError.outsideRoots(path: path, resolved: real, roots: rules.roots.paths)
            }
            let id = FileDescriptor.fileID(info)
            if let expected = rules.expected[path] { try Self.check(id, against: expected, path: path) }
            self.path = path
            self.realPath = real
            self.id = id
            self.fd = fd
        } catch {
            close(fd)
            throw error
        }
    }

    deinit { close(fd) }

    /// A name that opens this file (for FFmpeg and FreeType): `/proc/self/fd/N`, valid while this lives.
    public var openPath: String { FileDescriptor.procPath(fd) }

    /// Up to `count` bytes from the start of the file.
    func head(_ count: Int) -> [UInt8] {
        (try? read(limit: count, whole: false)) ?? []
    }

    /// The whole file, refusing one larger than `limit` bytes.
    /// - Throws: `.invalidData` when it is larger; `.io` when it cannot be read.
    func readAll(limit: Int) throws(MediaError) -> [UInt8] {
        guard id.size <= Int64(limit) else {
            throw .invalidData(path: path, message: "is \(id.size) bytes; at most \(limit) are read")
        }
        return try read(limit: limit, whole: true)
    }

    private func read(limit: Int, whole: Bool) throws(MediaError) -> [UInt8] {
        let reading = open(openPath, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard reading >= 0 else { throw .io(path: path, message: "open: \(FileDescriptor.errorText())") }
        defer { close(reading) }
        let capacity = whole ? limit + 1 : limit   // one byte more tells a file that grew past the limit
        var bytes = [UInt8](repeating: 0, count: capacity)
        var filled = 0
        while filled < capacity {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(reading, $0.baseAddress! + filled, capacity - filled) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .io(path: path, message: "read: \(FileDescriptor.errorText())") }
            if n == 0 { break }
            filled += n
        }
        if filled > limit {
            throw .invalidData(path: path, message: "grew past \(limit) bytes while it was read")
        }
        return Array(bytes[..<filled])
    }

    /// The same file as when it was checked, unmodified.
    static func check(_ id: FileID, against expected: FileID, path: String) throws(MediaError) {
        guard id.isSameFile(as: expected) else {
            throw .changed(path: path, message: "is no longer the file that was checked when the job was loaded "
                           + "(\(expected); now \(id)): a link was re-pointed or the file replaced; submit the job again")
        }
        guard id.size == expected.size, id.modificationTime == expected.modificationTime else {
            throw .changed(path: path, message: "was modified since the job was loaded (\(expected.size) bytes, "
                           + "mtime \(expected.modificationTime) ns; now \(id.size) bytes, mtime \(id.modificationTime) ns); "
                           + "submit the job again")
        }
    }

    static func openError(_ path: String) -> MediaError {
        if errno == ENOENT || errno == ENOTDIR { return .fileNotFound(path: path) }
        return .io(path: path, message: FileDescriptor.errorText())
    }
}
