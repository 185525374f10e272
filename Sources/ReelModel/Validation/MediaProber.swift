/// Reads the facts of a media file (duration, streams, frame rate, size, rotation, sample rate).
///
/// ReelMedia implements it with libavformat; tests use a fake that returns fixed values.
/// `CompositionLoader` calls it exactly once per distinct asset path.
public protocol MediaProber: Sendable {
    /// - Parameter path: the asset's path, already resolved against the composition's folder.
    /// - Throws: any error whose description says why the file cannot be read
    ///   ("No such file or directory", "Invalid data found when processing input").
    func probe(path: String) throws -> MediaFacts

    /// Checks a file a title reads: that it exists, lies where sources may lie, and decodes (an image)
    /// or opens as a font (a font path or family name). Called once per distinct file.
    /// - Returns: the file's fingerprint (path, size, modification time) for content hashes, so that
    ///   replacing `logo.png` re-renders the segments that show it; "" when there is no file behind it.
    /// - Throws: any error whose description says what is wrong, without the path.
    /// A wrapper must forward this to what it wraps; there is deliberately no default, so no prober
    /// can skip the check by accident.
    func check(_ file: TitleFile) throws -> String
}

/// A file a title reads.
public enum TitleFile: Sendable, Hashable {
    /// A PNG drawn under the text, by resolved path.
    case image(String)
    /// A font path (resolved) or a family name.
    case font(String)
}
