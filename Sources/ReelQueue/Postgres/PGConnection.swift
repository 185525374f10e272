internal import CLibPQ
import Foundation

/// One libpq connection, finished in deinit. Used by one thread at a time: the pool hands it out
/// exclusively, which is why it may cross threads (`@unchecked Sendable`).
final class PGConnection: @unchecked Sendable {
    private let raw: OpaquePointer
    private var prepared = Set<String>()
    /// Statements that succeeded since the pool last handed this connection out.
    var succeeded = 0

    /// Connects, sets `search_path` (as a parameter) when `schema` is given, and makes prepared statements use
    /// their generic plan at once (`plan_cache_mode`), in one round trip. JIT is off: compiling a status or
    /// metrics aggregate took longer (25 ms) than running it.
    ///
    /// Why generic plans: PostgreSQL otherwise keeps choosing a custom plan for the claim (a generic `LIMIT $n`
    /// looks costlier), and re-planning it on every call took about 0.7 ms of its 1.9 ms. Every statement keeps
    /// its state literals in the SQL text, so the generic plans still use the partial indexes (a test EXPLAINs
    /// the generic plan of every statement).
    /// A dead peer or a cut link is noticed within about `tcp_user_timeout` (unacknowledged data) or
    /// 10 + 3 × 5 s of silence (keepalives), and no statement runs longer than `statementTimeout`:
    /// libpq cannot block a worker forever. These come before `dbname` in the parameter list, so a URL
    /// or conninfo that sets them wins.
    static let liveness = [("keepalives", "1"), ("keepalives_idle", "10"), ("keepalives_interval", "5"),
                           ("keepalives_count", "3"), ("tcp_user_timeout", "30000")]

    /// - Parameters:
    ///   - url: a libpq URL or conninfo string; empty means the libpq environment (PGHOST, .pgpass…).
    ///   - statementTimeout: `statement_timeout` for the session; nil leaves the server's.
    ///   - role: a role to act as (`SET ROLE`, e.g. the read-only monitor role); nil keeps the login role.
    /// - Throws: `QueueError.connection` with libpq's message; what the server says of the session settings.
    init(url: String, applicationName: String, schema: String?, statementTimeout: Duration? = .seconds(60),
         role: String? = nil) throws(QueueError) {
        let keys = Self.liveness.map(\.0) + ["dbname", "application_name", "connect_timeout"]
        let values = Self.liveness.map(\.1) + [url, applicationName, "5"]
        raw = Self.withCStrings(keys) { k in Self.withCStrings(values) { v in PQconnectdbParams(k, v, 1) } }
        guard PQstatus(raw) == CONNECTION_OK else { throw .connection(errorMessage) }
        _ = PQsetNoticeProcessor(raw, { _, _ in }, nil)  // NOTICEs (e.g. "drop cascades to …") are not errors
        _ = try exec("""
            SELECT set_config('plan_cache_mode', 'force_generic_plan', false), set_config('jit', 'off', false),
                CASE WHEN $1::text IS NOT NULL THEN set_config('search_path', $1, false) END,
                CASE WHEN $2::text IS NOT NULL THEN set_config('statement_timeout', $2, false) END,
                CASE WHEN $3::text IS NOT NULL THEN set_config('role', $3, false) END
            """, [schema.map(PGValue.text), statementTimeout.map { .text("\($0.components.seconds * 1000)ms") },
                  role.map(PGValue.text)])
    }

    deinit { PQfinish(raw) }

    var errorMessage: String {
        String(cString: PQerrorMessage(raw)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    var isBad: Bool { PQstatus(raw) != CONNECTION_OK }
    /// Not inside a transaction block: safe to hand to the next caller.
    var isIdle: Bool { PQtransactionStatus(raw) == PQTRANS_IDLE }

    /// Why libpq cannot parse `url` (`PQconninfoParse`), or nil when it can; empty means the environment.
    /// A bare word such as `nonsense` parses as a database name, which is never what was meant: refused too.
    static func conninfoProblem(_ url: String) -> String? {
        guard !url.isEmpty else { return nil }
        guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") || url.contains("=") else {
            return "neither a URL nor key=value pairs"
        }
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(url, &error) else {
            defer { if let error { PQfreemem(error) } }
            return error.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "unreadable"
        }
        PQconninfoFree(options)
        return nil
    }

    /// Connection failures that trying again cannot fix: a wrong database, role or password, an hba refusal.
    static func isPermanent(connectionError message: String) -> Bool {
        ["does not exist", "password authentication failed", "no pg_hba.conf entry", "authentication failed",
         "invalid connection option", "invalid URI", "invalid port number", "could not translate host name"]
            .contains { message.contains($0) }
    }

    /// The value libpq uses for connection option `key` (`PQconninfo`), nil when unset.
    func option(_ key: String) -> String? {
        guard let options = PQconninfo(raw) else { return nil }
        defer { PQconninfoFree(options) }
        var p = options
        while let name = p.pointee.keyword {
            if String(cString: name) == key { return p.pointee.val.map { String(cString: $0) } }
            p += 1
        }
        return nil
    }

    /// The connection's socket, for `poll`.
    var socket: Int32 { PQsocket(raw) }

    var pointer: OpaquePointer { raw }

    /// Runs one statement with parameters (`PQexecParams`).
    func exec(_ sql: String, _ params: [PGValue?] = []) throws(QueueError) -> PGResult {
        try withParams(params) { n, values in PQexecParams(raw, sql, n, nil, values, nil, nil, 0) }
    }

    /// Runs a named statement, preparing it on first use on this connection (`PQprepare`/`PQexecPrepared`).
    func exec(_ stmt: PGStatement, _ params: [PGValue?] = []) throws(QueueError) -> PGResult {
        if !prepared.contains(stmt.name) {
            _ = try check(PQprepare(raw, stmt.name, stmt.sql, 0, nil))
            prepared.insert(stmt.name)
        }
        return try withParams(params) { n, values in PQexecPrepared(raw, stmt.name, n, values, nil, nil, 0) }
    }

    /// Runs SQL text that may hold several statements and no parameters (migrations only).
    func execScript(_ sql: String) throws(QueueError) {
        _ = try check(PQexec(raw, sql))
    }

    /// Runs `body` inside BEGIN … COMMIT, rolling back when it throws.
    func transaction<T>(_ body: () throws(QueueError) -> T) throws(QueueError) -> T {
        _ = try exec("BEGIN")
        do throws(QueueError) {
            let r = try body()
            _ = try exec("COMMIT")
            return r
        } catch {
            if !isBad { _ = try? exec("ROLLBACK") }
            throw error
        }
    }

    /// Quotes an identifier with libpq's `PQescapeIdentifier`.
    func quoteIdentifier(_ s: String) throws(QueueError) -> String {
        guard let p = PQescapeIdentifier(raw, s, s.utf8.count) else { throw .connection(errorMessage) }
        defer { PQfreemem(p) }
        return String(cString: p)
    }

    /// Turns a libpq result into `PGResult`, or into the queue's error: `.connection` when the connection is
    /// gone, else what `QueueError.server(sqlState:message:)` makes of the server's SQLSTATE.
    private func check(_ result: OpaquePointer?) throws(QueueError) -> PGResult {
        guard let result else { throw .connection(errorMessage) }
        let r = PGResult(result)
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            succeeded += 1
            return r
        default:
            if isBad { throw .connection(errorMessage) }
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? "?????"
            let message = String(cString: PQresultErrorMessage(result)).trimmingCharacters(in: .whitespacesAndNewlines)
            throw .server(sqlState: state, message: message)
        }
    }

    private func withParams(_ params: [PGValue?],
                            _ call: (Int32, UnsafePointer<UnsafePointer<CChar>?>?) -> OpaquePointer?) throws(QueueError) -> PGResult {
        let buffers: [UnsafeMutablePointer<CChar>?] = params.map { p in
            guard case .text(let s)? = p else { return nil }
            return strdup(s)
        }
        defer { buffers.forEach { free($0) } }
        let values = buffers.map { UnsafePointer($0) }
        return try check(values.withUnsafeBufferPointer { call(Int32(params.count), $0.baseAddress) })
    }

    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let buffers = strings.map { strdup($0) } + [nil]
        defer { buffers.forEach { free($0) } }
        let pointers = buffers.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
