import Foundation

/// One HTTP request as libmicrohttpd parsed it. Header names are lower-cased; the body is bounded by
/// `HTTPLimits.maxBody` (a larger body never reaches a handler: the server answers 413).
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query string, percent-decoded by libmicrohttpd.
    public var path: String
    /// Query arguments, decoded; the last value wins for a repeated name.
    public var query: [String: String]
    /// Request headers by lower-cased name; the last value wins for a repeated name (see `repeatedHeaders`).
    public var headers: [String: String]
    /// Cookies by name.
    public var cookies: [String: String]
    public var body: Data
    /// The address the connection came from, as the socket says (numeric; never a header). Behind a reverse
    /// proxy it is the proxy's.
    public var peer: String
    /// Lower-cased names of the headers that came more than once.
    public var repeatedHeaders: Set<String>
    /// The port this server listens on (what a page served by it has in its origin).
    public var serverPort: UInt16

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                cookies: [String: String] = [:], body: Data = Data(), peer: String = "",
                repeatedHeaders: Set<String> = [], serverPort: UInt16 = 0) {
        self.method = method; self.path = path; self.query = query; self.headers = headers
        self.cookies = cookies; self.body = body
        self.peer = peer; self.repeatedHeaders = repeatedHeaders; self.serverPort = serverPort
    }

    /// The path split on "/", without empty parts: "/api/v1/jobs/3" → ["api", "v1", "jobs", "3"].
    public var pathParts: [String] { path.split(separator: "/", omittingEmptySubsequences: true).map(String.init) }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Who the client is, for per-client limits: its IPv4 address (an IPv4-mapped IPv6 address counts as IPv4), or
    /// the /64 of its IPv6 address, since one IPv6 host commonly holds a whole /64.
    public var client: String {
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, peer, &v6) == 1 else { return peer }
        if peer.lowercased().hasPrefix("::ffff:"), peer.contains(".") { return String(peer.dropFirst(7)) }
        withUnsafeMutableBytes(of: &v6) { bytes in for i in 8..<16 { bytes[i] = 0 } }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &v6, &text, socklen_t(text.count)) != nil else { return peer }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/64"
    }
}
