import Foundation

/// One query parameter, sent out of band (never spliced into SQL text).
enum PGValue: Sendable {
    /// Text format: the server parses it as the parameter's type.
    case text(String)

    static func int(_ v: Int) -> PGValue { .text(String(v)) }
    static func int64(_ v: Int64) -> PGValue { .text(String(v)) }
    static func uuid(_ v: UUID) -> PGValue { .text(v.uuidString) }
    static func double(_ v: Double) -> PGValue { .text(String(v)) }

    /// Microseconds since 1970 (`reel_now($n)` turns it into a timestamptz; NULL means server time).
    static func micros(_ d: Date?) -> PGValue? { d.map { .int64($0.microsecondsSince1970) } }

    /// A PostgreSQL array literal of text elements (`nil` elements become NULL), quoted and escaped.
    static func array(_ items: [String?]) -> PGValue {
        .text("{" + items.map { $0.map(quoteElement) ?? "NULL" }.joined(separator: ",") + "}")
    }

    static func array(_ items: [String]) -> PGValue { array(items.map { Optional($0) }) }

    static func array(_ items: [Int64?]) -> PGValue { array(items.map { $0.map { String($0) } }) }

    /// A bytea array literal in hex form.
    static func byteaArray(_ items: [Data]) -> PGValue { array(items.map { Optional(hex($0)) }) }

    private static func quoteElement(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            if c == "\"" || c == "\\" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(c)
        }
        return out + "\""
    }

    /// `\x` followed by lowercase hex, PostgreSQL's bytea text form.
    static func hex(_ d: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes = [UInt8](repeating: 0, count: 2 + d.count * 2)
        bytes[0] = UInt8(ascii: "\\"); bytes[1] = UInt8(ascii: "x")
        for (i, b) in d.enumerated() {
            bytes[2 + 2 * i] = digits[Int(b >> 4)]
            bytes[3 + 2 * i] = digits[Int(b & 15)]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes bytea text output (`\x…`).
    static func unhex(_ s: String) -> Data {
        let u = Array(s.utf8.dropFirst(2))
        func nibble(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : (c | 0x20) - 87 }
        var out = Data(capacity: u.count / 2)
        var i = 0
        while i + 1 < u.count { out.append(nibble(u[i]) << 4 | nibble(u[i + 1])); i += 2 }
        return out
    }
}

/// A named SQL statement, prepared once per connection.
struct PGStatement: Sendable {
    let name: String
    let sql: String
}

/// A libpq failure, translated into `QueueError` at the queue's boundary.
enum PGFailure: Error {
    /// The connection is unusable (`CONNECTION_BAD`); the pool reconnects and reruns.
    case connectionLost(String)
    /// The server refused the statement.
    case server(sqlState: String, message: String)

    /// Deadlocks and serialization failures roll back cleanly and may be rerun.
    var isRetryable: Bool {
        if case .server(let s, _) = self { return s == "40P01" || s == "40001" }
        return false
    }

    var queueError: QueueError {
        switch self {
        case .connectionLost(let m): return .connection(m)
        case .server(let s, let m): return s.hasPrefix("23") ? .constraint(m) : .query(sqlState: s, message: m)
        }
    }
}
