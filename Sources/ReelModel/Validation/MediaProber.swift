/// Reads the facts of a media file (duration, streams, frame rate, size, rotation, sample rate).
///
/// ReelMedia implements it with libavformat; tests use a fake that returns fixed values.
/// `CompositionLoader` calls it exactly once per distinct asset path.
public protocol MediaProber: Sendable {
    /// - Parameter path: the asset's path, already resolved against the composition's folder.
    /// - Throws: any error whose description says why the file cannot be read
    ///   ("No such file or directory", "Invalid data found when processing input").
    func probe(path: String) throws -> MediaFacts
}
