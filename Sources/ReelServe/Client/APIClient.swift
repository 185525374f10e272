import Foundation

/// A client of `reel serve`'s API (docs/api.md), for the CLI's `--server` commands: each request carries the bearer
/// token in its `Authorization` header (never in the URL), is not redirected, and is answered within `timeout`. An
/// https server whose certificate no system authority signed is trusted through `authorities`, a PEM bundle (as
/// `curl --cacert`).
public struct APIClient: Sendable {
    public var base: String
    public var token: String
    public var authorities: String?
    /// A submission probes every source on the server, so this is generous.
    public var timeout: Duration = .seconds(120)
    /// The largest answer read (a job with 100,000 segments is ~30 MB of JSON).
    public var maxResponse = 64 << 20

    public struct Reply: Sendable {
        public var status: Int
        public var body: Data
    }

    /// The server could not be reached, did not answer in time, or answered more than `maxResponse`.
    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public init(message: String) { self.message = message }
        public var description: String { message }
    }

    /// - Parameters:
    ///   - base: the server's address, `http(s)://host:port`, without a path.
    ///   - authorities: PEM certificates to trust instead of the system's; nil: the system's.
    public init(base: String, token: String, authorities: String? = nil) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.token = token
        self.authorities = authorities
    }

    /// Reads `--cacert`'s PEM bundle as `SecretFile` does (a regular file, at most 4 MiB), checking it holds a
    /// certificate. - Throws: `ServeError.usage` naming the file.
    public static func authorities(from path: String) throws(ServeError) -> String {
        let pem = try SecretFile(path, what: "CA bundle", maxBytes: 1 << 22).text
        guard pem.contains("-----BEGIN CERTIFICATE-----") else {
            throw .usage("\(path): the CA bundle holds no PEM certificate")
        }
        return pem
    }

    /// `method path` with `body` of content type `type`. - Throws: `Failure`.
    public func send(_ method: String, _ path: String, type: String? = nil, body: Data? = nil) throws(Failure) -> Reply {
        var headers = [("Authorization", "Bearer \(token)"), ("Accept", "application/json")]
        if let type { headers.append(("Content-Type", type)) }
        let url = base + path
        let exchange = CurlExchange(url: url, method: method, headers: headers, body: body ?? (method == "POST" ? Data() : nil),
                                    timeout: timeout, connectTimeout: .seconds(10), maxResponse: maxResponse,
                                    authorities: authorities, userAgent: "reel-cli/1")
        switch exchange.perform() {
        case .answered(_, _, true): throw Failure(message: "\(url): the answer is larger than \(maxResponse) bytes")
        case .answered(let status, let data, false): return Reply(status: status, body: data)
        case .unanswered(let why): throw Failure(message: "\(url): \(why)")
        }
    }
}
