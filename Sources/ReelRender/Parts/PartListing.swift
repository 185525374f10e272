import Foundation
import ReelMedia

/// The files of one part (`PartFiles.Kind` order: manifest first, pictures last) or one temporary file.
public struct PartFileSet: Sendable, Hashable {
    /// The content hash of a part, or the file name of a temporary file.
    public var name: String
    /// Absolute paths, in the order they are deleted.
    public var files: [String]
    public var bytes: Int64
    /// The newest modification time among the files.
    public var newest: Date
}

/// Lists a part store's `parts/<xx>/` folders: a part's files (`PartFiles`) grouped by hash, and temporary
/// files (`AtomicFile.isTemporaryName`) left by writers that died. Anything else is ignored.
///
/// A part's age is its media's: the pictures do not count toward `newest`, so a thumbnail made on demand
/// (a web view looking at an old job) does not keep an old part alive. They are deleted with it, last.
struct PartListing {
    var store: PartStore

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
                if AtomicFile.isTemporaryName(name) {
                    temps.append(PartFileSet(name: name, files: [path], bytes: size, newest: mtime))
                } else if let (hash, kind) = PartFiles.parse(name), hash.hasPrefix(dir) {
                    var set = parts[hash] ?? PartFileSet(name: hash, files: [], bytes: 0, newest: .distantPast)
                    set.files.append(path); set.bytes += size
                    if !kind.isPicture { set.newest = max(set.newest, mtime) }
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
        let media = set.files.filter { Self.kind($0)?.isPicture != true }
        let now = media.compactMap(Self.stat)
        guard now.count == media.count, now.allSatisfy({ $0.1 < cutoff }) else { return false }
        let mediaKinds = PartFiles.Kind.allCases.filter { !$0.isPicture }
        guard media.count < mediaKinds.count, Self.kind(set.files[0]) != nil else { return true }
        let files = PartFiles(hash: set.name, root: store.root)
        return mediaKinds.map(files.path).allSatisfy { set.files.contains($0) || !FileManager.default.fileExists(atPath: $0) }
    }

    /// The kind of part file at `path`, or nil for a temporary file.
    private static func kind(_ path: String) -> PartFiles.Kind? {
        PartFiles.parse((path as NSString).lastPathComponent)?.kind
    }

    private static func rank(_ path: String) -> Int {
        kind(path).flatMap(PartFiles.Kind.allCases.firstIndex) ?? PartFiles.Kind.allCases.count
    }

    /// Size and modification time of a regular file (a link is not followed, and not listed).
    static func stat(_ path: String) -> (Int64, Date)? {
        var st = Foundation.stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        let mtime = Date(timeIntervalSince1970: Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9)
        return (Int64(st.st_size), mtime)
    }
}
