/// Errors raised by ReelFarm: loading a project, rendering it, or running a worker.
public enum FarmError: Error, Sendable, CustomStringConvertible {
    /// The composition is invalid: every problem, each "path: message".
    case invalid(file: String, problems: [String])
    /// A file could not be read or written.
    case io(path: String, message: String)
    /// A segment's content changed since the job was submitted (a source file was edited).
    case contentChanged(segment: Int, message: String)
    /// A source lies outside the configured media roots.
    case outsideMediaRoots(path: String, roots: [String])
    /// An output path lies outside the configured output roots.
    case outsideOutputRoots(path: String, roots: [String])
    /// The job failed; `reason` names the segment, attempt and message.
    case jobFailed(id: Int64, reason: String)
    case canceled
    /// What was asked for does not exist: a segment without a finished part, a row that is not the job's
    /// (a web view answers 404).
    case notFound(String)
    /// A worker's settings are inconsistent (what is wrong, in words).
    case invalidConfiguration(String)
    /// A job's stored request does not decode (the decoder's message).
    case unreadableRequest(String)
    /// A `--media-map` entry is not `/old/prefix=/new/prefix` (the entry as given).
    case invalidMediaMap(String)
    /// An `--offline` mode other than "slate" (the mode as given).
    case invalidOfflineMode(String)
    /// A job's segments changed while it was being stitched.
    case segmentsChanged

    public var description: String {
        switch self {
        case let .invalid(file, problems): return "\(file) is not valid:\n" + problems.map { "  \($0)" }.joined(separator: "\n")
        case let .io(path, message): return "\(path): \(message)"
        case let .contentChanged(segment, message): return "segment \(segment): \(message)"
        case let .outsideMediaRoots(path, roots):
            return "\(path) lies outside the media roots (\(roots.joined(separator: ", "))); set REEL_MEDIA_ROOTS or --media-root"
        case let .outsideOutputRoots(path, roots):
            return "\(path) lies outside the output roots (\(roots.joined(separator: ", "))); "
                + "set REEL_OUTPUT_ROOTS or --output-root"
        case let .jobFailed(id, reason): return "job \(id) failed: \(reason)"
        case .canceled: return "canceled"
        case .notFound(let message): return message
        case .invalidConfiguration(let message): return message
        case .unreadableRequest(let message): return "the job's stored request cannot be read: \(message)"
        case .invalidMediaMap(let entry): return "--media-map \(entry): expected /old/prefix=/new/prefix"
        case .invalidOfflineMode(let mode): return "--offline \(mode): the only mode is \"slate\""
        case .segmentsChanged: return "the job's segments changed while it was being stitched"
        }
    }
}
