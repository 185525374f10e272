import Foundation
import ReelRender

/// The files of one part (manifest, video, audio, then its pictures: manifest first) or one temporary file.
public struct PartFileSet: Sendable, Hashable {
    /// The content hash of a part, or the file name of a temporary file.
    public var name: String
    /// Absolute paths, in the order they are deleted.
    public var files: [String]
    public var bytes: Int64
    /// The newest modification time among the files.
    public var newest: Date
}

/// Lists a part store's `parts/<xx>/` folders: `<hash>.{json,mp4,wav}` and the part's pictures `<hash>.jpg`,
/// `<hash>.poster.jpg` grouped by hash, and temporary files `.<name>.<token>.tmp[.<ext>]` (PartFiles.temporaryPath)
/// left by writers that died. Anything else is ignored.
///
/// A part's age is its media's: the pictures do not count toward `newest`, so a thumbnail made on demand
/// (a web view looking at an old job) does not keep an old part alive. They are deleted with it, last.
struct PartListing {
    var store: PartStore

    static let partExtensions = ["json", "mp4", "wav"]   // the manifest is deleted first
    static let pictureSuffixes = [".poster.jpg", ".jpg"]   // deleted after the media

    func scan() throws -> (parts: [PartFileSet], temporary: [PartFileSet]) {
        let fm = FileManager.default
        let top = "\(store.root)/parts"
        guard fm.fileExists(atPath: top) else { return ([], []) }
        var parts: [String: PartFileSet] = [:], temps: [PartFileSet] = []
        for dir in try fm.contentsOfDirectory(atPath: top).sorted() where dir.utf8.count == 2 {
            let folder = "\(top)/\(dir)"
            guard let names = try? fm.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() {
                let path = "\(folder)/\(name)"
                guard let (size, mtime) = Self.stat(path) else { continue }
                if Self.isTemporary(name) {
                    temps.append(PartFileSet(name: name, files: [path], bytes: size, newest: mtime))
                } else if let hash = Self.partHash(name), hash.hasPrefix(dir) {
                    var set = parts[hash] ?? PartFileSet(name: hash, files: [], bytes: 0, newest: .distantPast)
                    set.files.append(path); set.bytes += size
                    if !Self.isPicture(name) { set.newest = max(set.newest, mtime) }
                    parts[hash] = set
                }
            }
        }
        let ordered = parts.values.sorted { $0.name < $1.name }.map { set -> PartFileSet in
            var s = set
            s.files.sort { Self.rank($0) < Self.rank($1) }
            return s
        }
        return (ordered, temps)
    }

    /// True when every file is still there with a modification time before `cutoff` and no new file joined it.
    func unchanged(_ set: PartFileSet, cutoff: Date) -> Bool {
        let media = set.files.filter { !Self.isPicture(($0 as NSString).lastPathComponent) }
        let now = media.compactMap(Self.stat)
        guard now.count == media.count, now.allSatisfy({ $0.1 < cutoff }) else { return false }
        guard media.count < Self.partExtensions.count, Self.partHash((set.files[0] as NSString).lastPathComponent) != nil
        else { return true }
        let paths = [store.manifestPath(for: set.name), store.videoPath(for: set.name), store.audioPath(for: set.name)]
        return paths.allSatisfy { set.files.contains($0) || !FileManager.default.fileExists(atPath: $0) }
    }

    /// `.<name>.<8 hex>.tmp` or `.<name>.<8 hex>.tmp.<ext>`.
    static func isTemporary(_ name: String) -> Bool {
        name.wholeMatch(of: /\..+\.[0-9a-f]{8}\.tmp(\.[A-Za-z0-9]{1,8})?/) != nil
    }

    /// The hash of `<hex hash>.{json,mp4,wav,jpg,poster.jpg}`, else nil.
    static func partHash(_ name: String) -> String? {
        guard let m = name.wholeMatch(of: /([0-9a-f]{16,128})\.(json|mp4|wav|jpg|poster\.jpg)/) else { return nil }
        return String(m.1)
    }

    /// A part's thumbnail or poster (`PartStore.thumbnailPath`, `.posterPath`).
    static func isPicture(_ name: String) -> Bool { name.hasSuffix(".jpg") }

    private static func rank(_ path: String) -> Int {
        let name = (path as NSString).lastPathComponent
        if let picture = pictureSuffixes.firstIndex(where: { name.hasSuffix($0) }) { return partExtensions.count + picture }
        return partExtensions.firstIndex(of: (path as NSString).pathExtension) ?? partExtensions.count
    }

    /// Size and modification time of a regular file (a link is not followed, and not listed).
    static func stat(_ path: String) -> (Int64, Date)? {
        var st = Foundation.stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        let mtime = Date(timeIntervalSince1970: Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9)
        return (Int64(st.st_size), mtime)
    }
}
