/// Which file a path named when Reel opened it, and which version of its content: the device and inode
/// the kernel reported for the open descriptor, with its size and modification time (ns).
///
/// A name can be re-pointed (a link swapped, a file renamed over another); a device and inode cannot.
/// Recorded when a project is loaded and compared at every later open, so a segment never renders a file
/// other than the one that was checked. Not part of content hashes: another host sees the same file on
/// another device number (NFS), and parts must stay reusable across hosts.
public struct FileID: Sendable, Hashable, CustomStringConvertible {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modificationTime: Int64

    public init(device: UInt64, inode: UInt64, size: Int64, modificationTime: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modificationTime = modificationTime
    }

    /// The same file (device and inode), whatever its content now.
    public func isSameFile(as other: FileID) -> Bool { device == other.device && inode == other.inode }

    /// `path|size|mtime`: what content hashes take as a file's identity (the same on every host).
    public static func fingerprint(path: String, size: Int64, modificationTime: Int64) -> String {
        "\(path)|\(size)|\(modificationTime)"
    }

    public var description: String { "device \(device), inode \(inode), \(size) bytes, mtime \(modificationTime) ns" }
}
