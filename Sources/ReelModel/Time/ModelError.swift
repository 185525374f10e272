/// Errors raised by ReelModel. Each case carries what a person needs to act on it.
public enum ModelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Exact arithmetic left the representable range (`Int64` values, `Int32` timescales).
    case overflow(String)
    /// A timescale, denominator or rate that must be positive was not.
    case invalidTimescale(String)
    /// A time or rational value could not be parsed; `path` names the JSON location.
    case invalidTime(path: String, message: String)

    public var description: String {
        switch self {
        case .overflow(let what): return "arithmetic overflow: \(what)"
        case .invalidTimescale(let what): return "invalid timescale: \(what)"
        case .invalidTime(let path, let message): return path.isEmpty ? message : "\(path): \(message)"
        }
    }
}
