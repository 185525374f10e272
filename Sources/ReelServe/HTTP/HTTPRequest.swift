import Foundation

/// One HTTP request as libmicrohttpd parsed it. Header names are lower-cased; the body is bounded by
/// `HTTPLimits.maxBody` (a larger body never reaches a handler: the server answers 413).
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query string, percent-decoded by libmicrohttpd.
    public var path: String
    /// Query arguments, decoded; the last value wins for a repeated name.
    public var query: [String: String]
    /// Request headers by lower-cased name.
    public var headers: [String: String]
    /// Cookies by name.
    public var cookies: [String: String]
    public var body: Data

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                cookies: [String: String] = [:], body: Data = Data()) {
        self.method = method; self.path = path; self.query = query; self.headers = headers
        self.cookies = cookies; self.body = body
    }

    /// The path split on "/", without empty parts: "/api/v1/jobs/3" → ["api", "v1", "jobs", "3"].
    public var pathParts: [String] { path.split(separator: "/", omittingEmptySubsequences: true).map(String.init) }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
