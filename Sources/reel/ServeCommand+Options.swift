import Foundation
import ReelServe

extension FarmCommands {
    /// Where `reel serve` listens and whether with TLS, which names and pages it answers (`--public-url`,
    /// `--allow-host`), its stream caps and request rate. - Throws: `UsageError` naming the option that is wrong.
    static func serveOptions(_ parsed: Arguments) throws -> (ListenAddress, HostPolicy, ServeLimits, TLSCredentials?) {
        let env = ProcessInfo.processInfo.environment
        var limits = ServeLimits()
        limits.streams = try parsed.int("max-streams", in: 1...10_000) ?? limits.streams
        limits.streamsPerClient = try parsed.int("max-streams-per-client", in: 1...10_000) ?? limits.streamsPerClient
        limits.requestsPerMinute = try parsed.int("max-requests-per-minute", in: 1...1_000_000) ?? limits.requestsPerMinute
        let hosts = parsed.all("allow-host").flatMap { $0.split(separator: ",") }
            + (env["REEL_SERVE_ALLOW_HOSTS"] ?? "").split(separator: ",")
        do {
            let listen = try ListenAddress(parsing: parsed.value("listen") ?? env["REEL_SERVE_LISTEN"] ?? "127.0.0.1:8700")
            let tls = try serveTLS(parsed)
            if tls == nil, !listen.isLoopback, !parsed.flag("insecure-listen") {
                throw UsageError(message: "--listen \(listen) reaches beyond this machine without TLS, so tokens and "
                                 + "session cookies would cross the network in clear text: give --tls-cert and --tls-key, "
                                 + "or --insecure-listen when a TLS proxy in front of it (or a private network) protects it")
            }
            let url = parsed.value("public-url") ?? env["REEL_SERVE_PUBLIC_URL"]
            let access = try HostPolicy(listen: listen, publicURL: url?.isEmpty == false ? url : nil,
                                        allowHosts: hosts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty },
                                        tls: tls != nil)
            return (listen, access, limits, tls)
        } catch let e as ServeError {
            throw UsageError(message: e.description)
        }
    }

    /// `--tls-cert` and `--tls-key`, both or neither, read and checked (`TLSCredentials`).
    private static func serveTLS(_ parsed: Arguments) throws -> TLSCredentials? {
        let env = ProcessInfo.processInfo.environment
        let cert = (parsed.value("tls-cert") ?? env["REEL_SERVE_TLS_CERT"]).flatMap { $0.isEmpty ? nil : $0 }
        let key = (parsed.value("tls-key") ?? env["REEL_SERVE_TLS_KEY"]).flatMap { $0.isEmpty ? nil : $0 }
        switch (cert, key) {
        case (nil, nil): return nil
        case (let cert?, let key?):
            return try TLSCredentials(certificateFile: cert, keyFile: key) { writeErr("reel serve: warning: \($0)\n") }
        case (nil, _?): throw UsageError(message: "--tls-key needs --tls-cert, the certificate it belongs to")
        case (_?, nil): throw UsageError(message: "--tls-cert needs --tls-key, its private key")
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
