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
