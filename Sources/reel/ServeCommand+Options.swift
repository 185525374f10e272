import Foundation
import ReelServe

extension FarmCommands {
    /// Where `reel serve` listens, which names and pages it answers (`--public-url`, `--allow-host`), and its stream
    /// caps. - Throws: `UsageError` naming the option that is wrong.
    static func serveOptions(_ parsed: Arguments) throws -> (ListenAddress, HostPolicy, ServeLimits) {
        let env = ProcessInfo.processInfo.environment
        var limits = ServeLimits()
        limits.streams = try parsed.int("max-streams", in: 1...10_000) ?? limits.streams
        limits.streamsPerClient = try parsed.int("max-streams-per-client", in: 1...10_000) ?? limits.streamsPerClient
        let hosts = parsed.all("allow-host").flatMap { $0.split(separator: ",") }
            + (env["REEL_SERVE_ALLOW_HOSTS"] ?? "").split(separator: ",")
        do {
            let listen = try ListenAddress(parsing: parsed.value("listen") ?? env["REEL_SERVE_LISTEN"] ?? "127.0.0.1:8700")
            let url = parsed.value("public-url") ?? env["REEL_SERVE_PUBLIC_URL"]
            let access = try HostPolicy(listen: listen, publicURL: url?.isEmpty == false ? url : nil,
                                        allowHosts: hosts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
            return (listen, access, limits)
        } catch let e as ServeError {
            throw UsageError(message: e.description)
        }
    }

    /// The connection for writes: `--write-db`, else `REEL_SERVE_WRITE_DATABASE_URL`; nil for the `--db` one.
    /// - Throws: `UsageError` when `--write-db` holds a password, which every user of the machine could read in
    ///   the process list (the variable, readable only by the same user, may hold one).
    static func writeDatabase(_ parsed: Arguments) throws -> String? {
        if let url = parsed.value("write-db"), !url.isEmpty {
            guard !holdsPassword(url) else {
                throw UsageError(message: "--write-db holds a password, which the process list shows to every user: put "
                                 + "the password in a pgpass file (PGPASSFILE), or the whole URL in "
                                 + "REEL_SERVE_WRITE_DATABASE_URL")
            }
            return url
        }
        let url = ProcessInfo.processInfo.environment["REEL_SERVE_WRITE_DATABASE_URL"] ?? ""
        return url.isEmpty ? nil : url
    }

    /// Whether a libpq URL (`postgresql://user:secret@host/db`, `…?password=secret`) or key=value string
    /// (`password=secret`) carries a password.
    static func holdsPassword(_ conninfo: String) -> Bool {
        let lower = conninfo.lowercased()
        if lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://") {
            let rest = conninfo[conninfo.range(of: "://")!.upperBound...]
            let authority = rest.prefix { !"/?#".contains($0) }
            let user = authority.contains("@") ? authority[..<authority.lastIndex(of: "@")!] : ""
            let query = rest.drop { $0 != "?" }.dropFirst().split(separator: "&").map { $0.prefix { $0 != "=" }.lowercased() }
            return user.contains(":") || query.contains("password")
        }
        return lower.range(of: #"(^|\s)password\s*="#, options: .regularExpression) != nil
    }
}
