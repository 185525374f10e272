import Foundation

/// A response: a status, headers and either bytes or a stream (server-sent events).
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes(Data)
        /// Read until it returns nil; the connection stays open meanwhile.
        case stream(any ResponseStream)
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes(Data())) {
        self.status = status; self.headers = headers; self.body = body
    }

    /// Headers every response carries: no sniffing, no framing by other sites, no referrer leaks, and a
    /// content security policy that allows only this server's own scripts, styles and images.
    static let securityHeaders: [(name: String, value: String)] = [
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; object-src 'none'; "
            + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    ]

    public static func text(_ status: Int, _ text: String, type: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", type), ("Cache-Control", "no-store")],
                     body: .bytes(Data(text.utf8)))
    }

    public static func html(_ html: String) -> HTTPResponse { text(200, html, type: "text/html; charset=utf-8") }

    public static func bytes(_ data: Data, type: String, cache: String = "no-store") -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", cache)], body: .bytes(data))
    }

    /// The same response telling the client when to try again (`Retry-After`, in whole seconds, at least 1), on a
    /// connection closed after it, so that a client refused for its load holds no connection either.
    public func retrying(after seconds: Int) -> HTTPResponse {
        var r = self
        r.headers += [("Retry-After", String(max(1, seconds))), ("Connection", "close")]
        return r
    }

    /// A JSON error body `{"error": message}`, the API's one error shape.
    public static func error(_ status: Int, _ message: String) -> HTTPResponse {
        let body = (try? JSONSerialization.data(withJSONObject: ["error": message], options: [.withoutEscapingSlashes]))
            ?? Data("{\"error\":\"\"}".utf8)
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
                            body: .bytes(body))
    }
}

/// A response body produced while the connection is open, read from the connection's own thread.
public protocol ResponseStream: AnyObject, Sendable {
    /// Blocks until bytes are ready and returns up to `max` of them; nil ends the response. `hungUp` says,
    /// without waiting, whether the client has closed the connection: a stream that waits long asks it now and
    /// then and ends, so that a page that left frees its connection at once rather than at the next write.
    func read(max: Int, hungUp: () -> Bool) -> Data?
    /// Called once when the connection is gone (the client left or the server stops).
    func close()
}
