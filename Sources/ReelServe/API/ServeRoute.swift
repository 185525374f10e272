/// One route `reel serve` answers: a method and a path whose `{name}` parts match any one part. `ServeRoute.all` is
/// the whole list: a request that matches none is refused before any handler (404, or 405 with `Allow`), so the
/// server answers nothing else, and docs/openapi.json documents exactly these (`ServeRoutesTests`, both ways).
public struct ServeRoute: Sendable, Hashable, CustomStringConvertible {
    public let method: String
    public let path: String

    init(_ method: String, _ path: String) {
        self.method = method
        self.path = path
    }

    /// Every route, pages included. `HEAD` is answered wherever `GET` is.
    public static let all: [ServeRoute] = [
        ServeRoute("GET", "/"), ServeRoute("GET", "/jobs/new"), ServeRoute("GET", "/jobs/{id}"), ServeRoute("GET", "/workers"),
        ServeRoute("GET", "/static/{file}"),
        ServeRoute("GET", "/events"), ServeRoute("GET", "/metrics"), ServeRoute("GET", "/healthz"),
        ServeRoute("GET", "/api/v1/openapi.json"),
        ServeRoute("GET", "/api/v1/jobs"), ServeRoute("POST", "/api/v1/jobs"),
        ServeRoute("GET", "/api/v1/jobs/{id}"),
        ServeRoute("POST", "/api/v1/jobs/{id}/cancel"), ServeRoute("POST", "/api/v1/jobs/{id}/retry"),
        ServeRoute("POST", "/api/v1/jobs/{id}/priority"),
        ServeRoute("GET", "/api/v1/jobs/{id}/poster.jpg"),
        ServeRoute("GET", "/api/v1/jobs/{id}/segments/{index}/thumbnail.jpg"),
        ServeRoute("GET", "/api/v1/workers"),
        ServeRoute("GET", "/api/v1/session"), ServeRoute("POST", "/api/v1/session"), ServeRoute("DELETE", "/api/v1/session"),
    ]

    public var description: String { "\(method) \(path)" }

    /// What the table says of a request.
    enum Match: Equatable {
        case found
        /// The path is a route's, the method is not: the methods that are.
        case otherMethods([String])
        case none
    }

    /// - Parameter method: the request's method, `HEAD` already read as `GET`.
    static func match(_ method: String, _ parts: [String]) -> Match {
        let paths = all.filter { $0.matches(parts) }
        if paths.contains(where: { $0.method == method }) { return .found }
        return paths.isEmpty ? .none : .otherMethods(paths.map(\.method))
    }

    private func matches(_ parts: [String]) -> Bool {
        let template = path.split(separator: "/")
        return template.count == parts.count
            && zip(template, parts).allSatisfy { t, p in (t.hasPrefix("{") && t.hasSuffix("}")) || t == p }
    }
}
