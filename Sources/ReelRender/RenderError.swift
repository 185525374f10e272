import ReelMedia

/// Errors raised by ReelRender. Each names the segment, part or file concerned.
public enum RenderError: Error, Sendable, CustomStringConvertible {
    /// A seam check failed: the stitcher refuses to publish. `segment` is the segment index.
    case seam(segment: Int, message: String)
    /// Rendering a segment failed.
    case segment(index: Int, message: String)
    /// A part file is missing or unreadable.
    case part(path: String, message: String)
    /// Media could not be read or written.
    case media(MediaError)
    /// The render was cancelled; nothing was published.
    case cancelled
    /// Anything else, with a sentence.
    case other(String)

    public var description: String {
        switch self {
        case let .seam(segment, message): return "segment \(segment): \(message); the output was not published"
        case let .segment(index, message): return "segment \(index): \(message)"
        case let .part(path, message): return "part \(path): \(message)"
        case .media(let error): return error.description
        case .cancelled: return "cancelled; nothing was published"
        case .other(let message): return message
        }
    }
}
