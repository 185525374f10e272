/// A `MediaProber` that answers from a fixed table, for tests and tools that build compositions
/// from JSON without media files. A path not in the table fails with "No such file or directory".
public struct StaticMediaProber: MediaProber {
    /// The error for a path not in the table.
    public struct NotFound: Error, CustomStringConvertible {
        public var description: String { "No such file or directory" }
    }

    public var facts: [String: MediaFacts]

    /// - Parameter facts: probe results keyed by resolved path.
    public init(_ facts: [String: MediaFacts]) {
        self.facts = facts
    }

    public func probe(path: String) throws -> MediaFacts {
        guard let f = facts[path] else { throw NotFound() }
        return f
    }

    /// A table of facts has no files behind it: title files are accepted unopened (tools that build
    /// compositions without media). Renders use ReelFarm's `MediaFileProber`, which opens them.
    public func check(_ file: TitleFile) throws -> String { "" }
}
