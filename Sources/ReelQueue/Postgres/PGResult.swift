internal import CLibPQ
import Foundation

/// One libpq result, cleared in deinit. Text format; columns looked up by name.
final class PGResult {
    let raw: OpaquePointer

    init(_ raw: OpaquePointer) { self.raw = raw }
    deinit { PQclear(raw) }

    var rowCount: Int { Int(PQntuples(raw)) }

    /// Rows affected by an INSERT/UPDATE/DELETE.
    var affected: Int { Int(String(cString: PQcmdTuples(raw))) ?? 0 }

    var rows: [PGRow] { (0..<rowCount).map { PGRow(result: self, index: Int32($0)) } }

    func column(_ name: String) -> Int32 {
        let c = PQfnumber(raw, name)
        precondition(c >= 0, "result has no column \(name)")
        return c
    }
}

/// One row of a `PGResult`.
struct PGRow {
    let result: PGResult
    let index: Int32

    func string(_ name: String) -> String? {
        let c = result.column(name)
        guard PQgetisnull(result.raw, index, c) == 0 else { return nil }
        return String(cString: PQgetvalue(result.raw, index, c))
    }

    func text(_ name: String) -> String { string(name) ?? "" }
    func int64(_ name: String) -> Int64? { string(name).flatMap { Int64($0) } }
    func int(_ name: String) -> Int? { string(name).flatMap { Int($0) } }
    func double(_ name: String) -> Double? { string(name).flatMap { Double($0) } }
    func uuid(_ name: String) -> UUID? { string(name).flatMap { UUID(uuidString: $0) } }
    func bool(_ name: String) -> Bool { string(name) == "t" }

    /// A `reel_us(...)` column as a Date.
    func date(_ name: String) -> Date? { int64(name).map { Date(microsecondsSince1970: $0) } }

    /// A `to_json(text[])::text` column.
    func strings(_ name: String) -> [String] {
        guard let s = string(name), s != "[]", let d = s.data(using: .utf8) else { return [] }
        return (try? JSONDecoder().decode([String].self, from: d)) ?? []
    }
}
