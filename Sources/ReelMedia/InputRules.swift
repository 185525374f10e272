import ReelModel

/// What every open of a source, title image, font or watermark must satisfy, checked on the opened file
/// itself (`InputFile`): where it may lie, and which file it must be.
public struct InputRules: Sendable {
    /// The media roots the file must really lie in (empty: anywhere).
    public var roots: FolderRoots
    /// For each path as the composition names it, the file it was when the project was loaded: a later open
    /// that finds another file there (a link re-pointed, a file replaced or edited) is refused.
    public var expected: [String: FileID]

    public init(roots: FolderRoots = .anywhere, expected: [String: FileID] = [:]) {
        self.roots = roots
        self.expected = expected
    }

    /// No roots and no expectations: for Reel's own files (parts, the part store) and for tools.
    public static let anywhere = InputRules()

    /// The same expectations without roots: system fonts found by family name live outside any media root.
    public var unrooted: InputRules { InputRules(roots: .anywhere, expected: expected) }
}
