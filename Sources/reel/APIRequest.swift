import Foundation
import ReelServe

/// The `--server` commands' client: `APIClient` for the server `--server` names, with the token of `REEL_TOKEN` or
/// `--token-file` and the authorities of `--cacert`.
enum APIRequest {
    /// - Throws: `UsageError` for an address that is not http(s)://host[:port], or no token.
    static func client(_ server: String, _ parsed: Arguments, command: String) throws -> APIClient {
        guard let base = URL(string: server.hasSuffix("/") ? String(server.dropLast()) : server),
              ["http", "https"].contains(base.scheme ?? ""), base.host != nil, base.path.isEmpty || base.path == "/",
              base.query == nil, base.user == nil else {
            throw UsageError(message: "--server \(server): give the server's address, e.g. https://farm:8700")
        }
        var authorities: String?
        if let path = parsed.value("cacert") {
            do { authorities = try APIClient.authorities(from: path) } catch { throw UsageError(message: "--cacert \(error.description)") }
        }
        return APIClient(base: base.absoluteString, token: try token(parsed, command: command), authorities: authorities)
    }

    /// `REEL_TOKEN`, else the file of `--token-file` or `REEL_TOKEN_FILE`.
    private static func token(_ parsed: Arguments, command: String) throws -> String {
        let env = ProcessInfo.processInfo.environment
        if let file = parsed.value("token-file") ?? env["REEL_TOKEN_FILE"], !file.isEmpty {
            return try FarmCommands.readSecret(file, option: "--token-file", command: command)
        }
        guard let token = env["REEL_TOKEN"], !token.isEmpty else {
            throw UsageError(message: "--server needs the server's token: REEL_TOKEN or --token-file")
        }
        return token
    }
}
