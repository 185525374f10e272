import ReelModel

/// Errors raised by ReelOTIO. Each case carries what a person needs to act on it.
public enum OTIOError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not JSON (line and column in the message).
    case syntax(String)
    /// The timeline does not follow the OTIO schemas Reel reads: every problem, each with its JSON path.
    case invalid([Diagnostic])
    /// Media that cannot be used, listed per clip by track and index. `--offline slate` renders anyway.
    case missingMedia([OfflinePiece])
    /// A composition that cannot be written as OTIO.
    case export(String)

    public var description: String {
        switch self {
        case .syntax(let message): return "not valid JSON: \(message)"
        case .invalid(let problems): return problems.map(\.description).joined(separator: "\n")
        case .missingMedia(let pieces):
            let list = pieces.map { "  \($0)" }.joined(separator: "\n")
            return "\(pieces.count) clip\(pieces.count == 1 ? "" : "s") with missing media "
                + "(render anyway with --offline slate):\n" + list
        case .export(let message): return "cannot export as OTIO: \(message)"
        }
    }

    /// One line per problem, for `FarmError.invalid` and `reel validate`.
    public var problems: [String] {
        switch self {
        case .syntax, .export: return [description]
        case .invalid(let problems): return problems.map(\.description)
        case .missingMedia(let pieces): return pieces.map(\.description) + ["render anyway with --offline slate"]
        }
    }
}

/// A clip whose media cannot be used: where it is and why.
public struct OfflinePiece: Sendable, Hashable, CustomStringConvertible {
    /// The track and index, e.g. `V2 item 3 "Clip-003"` (nested items: `V1 item 1.0 "…"`).
    public var clip: String
    /// The JSON path of the clip in the .otio file.
    public var path: String
    /// Why: "MissingReference", "no file for file:///folder/a.mov (tried …)", "range runs past the media …".
    public var reason: String

    public init(clip: String, path: String, reason: String) {
        self.clip = clip
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(clip): \(reason)" }
}
