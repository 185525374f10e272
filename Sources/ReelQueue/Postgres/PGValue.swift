import Foundation

/// One query parameter, sent out of band (never spliced into SQL text).
enum PGValue: Sendable {
    /// Text format: the server parses it as the parameter's type.
    case text(String)

    static func int(_ v: Int) -> PGValue { .text(String(v)) }
    static func int64(_ v: Int64) -> PGValue { .text(String(v)) }
    static func uuid(_ v: UUID) -> PGValue { .text(v.uuidString) }
    static func double(_ v: Double) -> PGValue { .text(String(v)) }
    static func bool(_ v: Bool) -> PGValue { .text(v ? "true" : "false") }

    /// Microseconds since 1970 (`reel_now($n)` turns it into a timestamptz; NULL means server time).
    static func micros(_ d: Date?) -> PGValue? { d.map { .int64($0.microsecondsSince1970) } }

    /// A PostgreSQL array literal of text elements (`nil` elements become NULL), quoted and escaped.
    static func array(_ items: [String?]) -> PGValue {
        .text("{" + items.map { $0.map(quoteElement) ?? "NULL" }.joined(separator: ",") + "}")
    }

    static func array(_ items: [String]) -> PGValue { array(items.map { Optional($0) }) }

    static func array(_ items: [Int64?]) -> PGValue { array(items.map { $0.map { String($0) } }) }

    private static func quoteElement(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x22 || $0 == 0x5c }) else { return "\"" + s + "\"" }
        var out = "\""
        for c in s.unicodeScalars {
            if c == "\"" || c == "\\" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(c)
        }
        return out + "\""
    }
}

/// A named SQL statement, prepared once per connection.
struct PGStatement: Sendable {
    let name: String
    let sql: String
}

extension QueueError {
    /// A statement the server refused, by its SQLSTATE: a constraint (class 23), a missing right (42501), an
    /// unmigrated schema (42P01 on a Reel table), else the state and message as they are.
    static func server(sqlState: String, message: String) -> QueueError {
        switch sqlState {
        case "42P01" where ["jobs", "segments", "workers", "queue_events", "schema_migrations"]
            .contains(where: { message.contains("relation \"\($0)\" does not exist") }):
            return .configuration("the database has no Reel tables here (\(message.split(separator: "\n").first ?? "")); "
                                  + "run `reel db migrate` with the same --db and --schema first")
        case "42501": return .permissionDenied(message)
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
