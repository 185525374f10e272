/// Errors raised by ReelQueue. Persistence errors are translated into these at the boundary,
/// so callers never see libpq. "No work available" is not an error: claims return an empty array.
public enum QueueError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No job has this id.
    case jobNotFound(Int64)
    /// No worker is registered with this id.
    case workerNotFound(String)
    /// A job spec was rejected before anything was written (what is wrong, in words).
    case invalidSpec(String)
    /// A state change that `canTransition(to:)` (or the database trigger) forbids.
    case invalidTransition(entity: String, id: Int64, from: String, to: String)
    /// The caller's lease is gone (rescued, canceled and retried, or never held).
    case leaseLost(segmentID: Int64, attempt: Int)
    /// The database could not be reached, even after reconnecting with backoff. Where the connection settings
    /// come from is the caller's to say (the CLI names its flag and variables).
    case connection(String)
    /// The database refused a write that would break a constraint (CHECK, unique, transition trigger).
    case constraint(String)
    /// The database role may not run the statement (SQLSTATE 42501): a missing grant, or a trigger that keeps
    /// another role's rights (cancel, requeue) from it. The server's message names the table or the role.
    case permissionDenied(String)
    /// Any other database error, with its SQLSTATE.
    case query(sqlState: String, message: String)
    /// A schema migration failed; nothing of that version was applied.
    case migration(version: Int, message: String)
    /// Required configuration is missing (e.g. no database URL).
    case configuration(String)
    /// An API token's settings were refused before anything was written (the field and why).
    case invalidToken(String)
    /// No API token has this id.
    case tokenNotFound(Int64)
    /// A fair-share weight was refused before anything was written (what is wrong, naming the owner).
    case invalidShare(String)
    /// Another active job already writes this output (the path): nothing was inserted or requeued.
    case outputTaken(String)
    /// The owner's token caps (`OwnerCaps`) have no room for the job: nothing was inserted or requeued.
    case capReached(OwnerCapRefusal)

    public var description: String {
        switch self {
        case .jobNotFound(let id): return "job \(id) not found"
        case .workerNotFound(let id): return "worker \(id) is not registered"
        case .invalidSpec(let why): return "invalid job spec: \(why)"
        case .invalidTransition(let entity, let id, let from, let to):
            return "\(entity) \(id): transition \(from) → \(to) is not allowed"
        case .leaseLost(let id, let attempt): return "segment \(id): lease of attempt \(attempt) was lost"
        case .connection(let message):
            return "cannot reach the database: \(message.replacingOccurrences(of: "\n\t", with: " "))"
        case .constraint(let message): return "database constraint: \(message)"
        case .permissionDenied(let message):
            let line = message.split(separator: "\n").first.map(String.init) ?? message
            let reason = line.hasPrefix("ERROR:") ? line.dropFirst(6).trimmingCharacters(in: .whitespaces) : line
            return "the database role may not do this: \(reason) (each command connects as its own role: "
                + "deploy/README.md, \"Database roles\", has the matrix)"
        case .query(let state, let message): return "database error \(state): \(message)"
        case .migration(let version, let message): return "migration \(version): \(message)"
        case .configuration(let message): return "configuration: \(message)"
        case .invalidToken(let why): return "invalid token: \(why)"
        case .tokenNotFound(let id): return "token \(id) not found"
        case .invalidShare(let why): return "invalid share: \(why)"
        case .outputTaken(let path): return "\(path): another active job already writes this file; cancel it or choose another output"
        case .capReached(let refusal): return refusal.description
        }
    }
}
