/// The identifier of an asset, as written in the composition ("a", "music").
public typealias AssetID = String

/// A media file the composition refers to.
public struct Asset: Sendable, Hashable {
    public var id: AssetID
    /// The path as written in the composition, resolved against the composition's folder.
    public var path: String

    public init(id: AssetID, path: String) {
        self.id = id
        self.path = path
    }
}
