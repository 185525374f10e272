import Foundation
import ReelFarm
import ReelQueue
import ReelRecords
import ReelRender

extension FarmCommands {
    /// `reel gc`: see `PartCollector` for why it never deletes a part an in-flight job needs.
    static func gc(_ args: [String]) throws -> Int32 {
        guard let parsed = try Specs.gc.parse(args) else { return 0 }
        _ = try parsed.positionals()
        let age = try parseAge(parsed.value("older-than") ?? "7d")
        let collector = PartCollector(store: try storage(parsed), olderThan: age, dryRun: parsed.flag("dry-run"))
        let report = try collector.run(queue: try queue(parsed))
        if parsed.flag("json") { try printJSON(json(report)); return 0 }
        let verb = report.dryRun ? "would delete" : "deleted"
        for p in report.parts { print("\(verb) part \(p.name) (\(p.bytes) bytes)") }
        for t in report.temporaryFiles { print("\(verb) temporary file \(t.files[0]) (\(t.bytes) bytes)") }
        print("\(verb) \(report.parts.count) parts and \(report.temporaryFiles.count) temporary files, "
              + "\(report.bytesFreed) bytes\(report.dryRun ? "" : " freed"); kept \(report.keptReferenced) "
              + "referenced by active jobs and \(report.keptYoung) younger than \(parsed.value("older-than") ?? "7d")")
        return 0
    }

    /// `30m`, `36h`, `7d` or `90s`: a whole positive number and a unit; `option` names the flag in the error.
    static func parseAge(_ text: String, option: String = "older-than") throws -> Duration {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        guard let unit = text.last.flatMap({ units[$0] }), let n = Int64(text.dropLast()), n > 0,
              n <= Int64.max / 86400 / unit else {
            throw UsageError(message: "--\(option) must be a whole number with s, m, h or d (30m, 36h, 7d), got \"\(text)\"")
        }
        return .seconds(n * unit)
    }

    static func json(_ r: PartCollector.Report) -> [String: Any] {
        let parts = r.parts.map { p -> [String: Any] in
            ["content_hash": p.name, "files": p.files, "bytes": p.bytes, "modified_at": FarmJSON.time(p.newest)]
        }
        let temps = r.temporaryFiles.map { t -> [String: Any] in
            ["path": t.files[0], "bytes": t.bytes, "modified_at": FarmJSON.time(t.newest)]
        }
        return ["dry_run": r.dryRun, "parts": parts, "temporary_files": temps, "bytes_freed": r.bytesFreed,
                "kept_referenced": r.keptReferenced, "kept_young": r.keptYoung]
    }
}
