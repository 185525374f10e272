/// What one client may cost the server. libmicrohttpd enforces the connection counts, the idle timeout and the
/// per-connection memory (which bounds the request line and headers); the server enforces the body size.
public struct HTTPLimits: Sendable, Hashable {
    /// Open connections at once; more are refused at accept.
    public var connections: Int = 256
    /// Open connections from one address: a quarter of them, so that one client cannot hold every slot (event
    /// streams have tighter limits of their own, `ServeLimits`).
    public var connectionsPerAddress: Int = 64
    /// A connection idle (or trickling) this long is closed. Event streams send a comment well within it.
    public var idleTimeoutSeconds: Int = 30
    /// Per-connection buffer for the request line and headers; a larger head is answered 431 or 414.
    public var connectionMemory: Int = 32 * 1024
    /// The largest request body (the API's bodies are a few bytes); larger is answered 413.
    public var maxBody: Int = 16 * 1024
    /// The largest body of `POST /api/v1/jobs`, which carries a whole composition or timeline (a long edit's OTIO
    /// export is some hundreds of KB); larger is answered 413.
    public var maxSubmissionBody: Int = 2 * 1024 * 1024

    public init() {}

    /// The body limit of a request: `maxSubmissionBody` for a submission, `maxBody` for everything else.
    func maxBody(method: String, path: String) -> Int {
        method == "POST" && path.split(separator: "/") == ["api", "v1", "jobs"] ? maxSubmissionBody : maxBody
    }
}
