import Foundation

/// How an OTIO timeline is turned into a composition.
public struct OTIOImportOptions: Sendable {
    /// One `--media-map /old/prefix=/new/prefix`.
    public struct Mapping: Sendable, Hashable {
        public var from: String
        public var to: String

        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }

        /// Parses `OLD=NEW`; nil when there is no `=` or either side is empty.
        public init?(parsing text: String) {
            guard let eq = text.firstIndex(of: "=") else { return nil }
            let from = String(text[..<eq]), to = String(text[text.index(after: eq)...])
            guard !from.isEmpty, !to.isEmpty else { return nil }
            self.init(from: from, to: to)
        }
    }

    /// Prefix rewrites tried, in order, after the path relative to the .otio file.
    public var mediaMap: [Mapping]
    /// Folders searched last: `root/relative/path`, then `root/basename`.
    public var mediaRoots: [String]
    /// `--offline slate`: render missing media as "MEDIA OFFLINE" slates instead of failing.
    public var offlineSlates: Bool
    /// Whether a file exists (replaceable in tests).
    public var fileExists: @Sendable (String) -> Bool

    public init(mediaMap: [Mapping] = [], mediaRoots: [String] = [], offlineSlates: Bool = false,
                fileExists: @escaping @Sendable (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) {
        self.mediaMap = mediaMap
        self.mediaRoots = mediaRoots
        self.offlineSlates = offlineSlates
        self.fileExists = fileExists
    }
}
