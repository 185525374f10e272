/// The names of one part's files, from its content hash: `<root>/parts/<hh>/<hash>.json` (the manifest, written
/// last), `.mp4` (video), `.wav` (PCM audio), and its pictures `.jpg` (a thumbnail of its first frame) and
/// `.poster.jpg` (the same frame larger). Every path to a part's file is made here, and `reel gc` reads names
/// back here (`parse`), so the two cannot disagree.
public struct PartFiles: Sendable, Hashable {
    /// The kinds of file a part has, in the order `reel gc` deletes them: the manifest first (a reader then
    /// sees the part as invalid, never half), the pictures last.
    public enum Kind: CaseIterable, Sendable {
        case manifest, video, audio, poster, thumbnail

        /// What follows the hash in the file's name.
        public var suffix: String {
            switch self {
            case .manifest: ".json"
            case .video: ".mp4"
            case .audio: ".wav"
            case .poster: ".poster.jpg"
            case .thumbnail: ".jpg"
            }
        }

        /// A picture made from the part, not the part itself: it does not count toward the part's age, so a
        /// thumbnail made on demand does not keep an old part alive.
        public var isPicture: Bool { self == .poster || self == .thumbnail }
    }

    /// The part's content hash.
    public let hash: String
    /// The folder holding the part's files: `<root>/parts/<first two digits of the hash>`.
    public let folder: String

    /// The files of the part `hash` in the store at `root`. Derive them from a hash that came from outside
    /// (a database row, a request) only once `isContentHash` accepted it.
    public init(hash: String, root: String) {
        self.hash = hash
        folder = "\(root)/parts/\(hash.prefix(2))"
    }

    /// The path of the part's file of `kind`.
    public func path(_ kind: Kind) -> String { "\(folder)/\(hash)\(kind.suffix)" }

    public var manifest: String { path(.manifest) }
    public var video: String { path(.video) }
    public var audio: String { path(.audio) }
    public var thumbnail: String { path(.thumbnail) }
    public var poster: String { path(.poster) }

    /// True for what a planner writes as a content hash: 16 to 128 lowercase hexadecimal digits. Paths are
    /// derived from a hash only after this check when it comes from outside (a database row, a request),
    /// so no hash can name a file outside `root/parts`.
    public static func isContentHash(_ text: String) -> Bool {
        (16...128).contains(text.utf8.count) && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The hash and kind a file name in a part folder names (`<hash><suffix>`), else nil.
    public static func parse(_ name: String) -> (hash: String, kind: Kind)? {
        for kind in Kind.allCases where name.hasSuffix(kind.suffix) {
            let hash = String(name.dropLast(kind.suffix.count))
            if isContentHash(hash) { return (hash, kind) }
        }
        return nil
    }
}
