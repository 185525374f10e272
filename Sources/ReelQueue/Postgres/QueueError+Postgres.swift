/// How libpq's failures become the queue's errors, at the boundary: `PGConnection` throws nothing else, and
/// `PGPool` decides from these what to rerun.
extension QueueError {
    /// A statement the server refused, by its SQLSTATE: a constraint (class 23), a missing right (42501), an
    /// unmigrated schema (42P01 on a Reel table), else the state and message as they are.
    static func server(sqlState: String, message: String) -> QueueError {
        switch sqlState {
        case "42P01" where ["jobs", "segments", "workers", "queue_events", "schema_migrations"]
            .contains(where: { message.contains("relation \"\($0)\" does not exist") }):
            let line = message.split(separator: "\n").first ?? ""
            return .configuration("the database has no Reel tables here (\(line)); "
                                  + "run `reel db migrate` with the same --db and --schema first")
        case "42501": return .permissionDenied(message)
        case "23505" where message.contains("\"jobs_active_output\""):
            // DETAIL: Key (output_location)=(/out/x.mp4) already exists.
            let key = message.range(of: "(output_location)=(").map { message[$0.upperBound...] }
            let path = key.flatMap { k in k.range(of: ") already exists").map { String(k[..<$0.lowerBound]) } }
            return .outputTaken(path ?? "the output")
        default: return sqlState.hasPrefix("23") ? .constraint(message) : .query(sqlState: sqlState, message: message)
        }
    }

    /// The connection is gone (libpq's `CONNECTION_BAD`, a server error of class 08, or the server shutting
    /// down): the pool reconnects and reruns.
    var isConnectionLost: Bool {
        switch self {
        case .connection: return true
        case .query(let state, _): return state.hasPrefix("08") || state == "57P01"
        default: return false
        }
    }

    /// Deadlocks and serialization failures roll back cleanly and may be rerun.
    var isRetryable: Bool {
        if case .query(let state, _) = self { return state == "40P01" || state == "40001" }
        return false
    }
}
