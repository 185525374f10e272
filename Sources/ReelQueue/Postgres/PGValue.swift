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

    /// A bytea array literal in hex form: `{"\\x00ff",…}` (the backslash escaped for the array parser).
    static func byteaArray(_ items: [Data]) -> PGValue {
        let digits = Array("0123456789abcdef".utf8)
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var out: [UInt8] = [UInt8(ascii: "{")]
        out.reserveCapacity(items.reduce(2) { $0 + 2 * $1.count + 6 })
        for (n, d) in items.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            out += [quote, backslash, backslash, UInt8(ascii: "x")]
            for b in d {
                out.append(digits[Int(b >> 4)])
                out.append(digits[Int(b & 15)])
            }
            out.append(quote)
        }
        out.append(UInt8(ascii: "}"))
        return .text(String(decoding: out, as: UTF8.self))
    }

    private static func quoteElement(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x22 || $0 == 0x5c }) else { return "\"" + s + "\"" }
        var out = "\""
        for c in s.unicodeScalars {
            if c == "\"" || c == "\\" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(c)
        }
        return out + "\""
    }

    /// Decodes bytea text output (`\x…`).
    static func unhex(_ s: String) -> Data {
        var u = s.utf8.dropFirst(2).makeIterator()
        func nibble(_ c: UInt8) -> UInt8 { c <= 57 ? c &- 48 : (c | 0x20) &- 87 }
        var out = [UInt8]()
        out.reserveCapacity(s.utf8.count / 2)
        while let hi = u.next(), let lo = u.next() { out.append(nibble(hi) << 4 | nibble(lo)) }
        return Data(out)
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
        case .server("42P01", let m) where ["jobs", "segments", "workers", "queue_events", "schema_migrations"]
            .contains(where: { m.contains("relation \"\($0)\" does not exist") }):
            return .configuration("the database has no Reel tables here (\(m.split(separator: "\n").first ?? "")); "
                                  + "run `reel db migrate` with the same --db and --schema first")
        case .server("42501", let m): return .permissionDenied(m)
        case .server(let s, let m): return s.hasPrefix("23") ? .constraint(m) : .query(sqlState: s, message: m)
        }
    }
}
