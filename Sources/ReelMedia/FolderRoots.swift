import Foundation
import ReelModel

/// Folders that files must lie in, as real paths: links and `..` in each root are resolved once, when the
/// roots are made, and a file is then judged by where the kernel says an open descriptor of it really is
/// (`InputFile`, `OutputFolder`), never by the name it was asked for. Empty means anywhere.
public struct FolderRoots: Sendable, Equatable {
    /// The roots, resolved; a root that does not exist (yet) is kept as written, made absolute.
    public let paths: [String]

    public init(_ roots: [String]) {
        paths = roots.filter { !$0.isEmpty }.map(Self.resolved)
    }

    public static let anywhere = FolderRoots([])

    public var isEmpty: Bool { paths.isEmpty }

    /// Whether `realPath` (links already resolved, as `FileDescriptor.realPath` gives it) is a root or lies
    /// under one. Always true without roots.
    public func contains(realPath: String) -> Bool {
        isEmpty || paths.contains { root in realPath == root || realPath.hasPrefix(root == "/" ? "/" : root + "/") }
    }

    /// `realpath(3)` of `path`, or the standardised absolute path when it does not resolve.
    public static func resolved(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard let real = realpath(absolute, nil) else { return absolute }
        defer { free(real) }
        return String(cString: real)
    }
}

/// Facts read from an open file descriptor, so that a check holds for the file actually opened.
public enum FileDescriptor {
    /// `O_PATH` (Linux, the same value on x86-64 and arm64; Glibc does not export it to Swift): a descriptor
    /// that names a file without opening it, so a FIFO does not block and a device sees no open.
    static let pathOnly: Int32 = 0o10000000

    /// The path through which the process reaches the file now, as `/proc/self/fd` says.
    static func realPath(of fd: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A name that opens the very file behind `fd`, whatever happens to its own path meanwhile.
    static func procPath(_ fd: Int32) -> String { "/proc/self/fd/\(fd)" }

    /// The identity of the file at `path` (links followed), or nil when nothing is there. For comparisons
    /// only: a file to be read is opened as an `InputFile`.
    public static func fileID(atPath path: String) -> FileID? {
        var info = stat()
        return stat(path, &info) == 0 ? fileID(info) : nil
    }

    static func fileID(_ info: stat) -> FileID {
        FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
               modificationTime: MediaProbe.nanoseconds(Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)))
    }

    /// "a FIFO", "a folder", … for a file type that is not a regular file.
    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "a device"
        }
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
