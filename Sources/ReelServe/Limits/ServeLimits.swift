/// What clients may hold of `reel serve` beyond the HTTP limits (`HTTPLimits`): event streams, which keep a
/// connection and its thread for as long as a page is open, and wrong tokens.
public struct ServeLimits: Sendable {
    /// Open event streams from everyone; more are answered 503 with `Retry-After`. Well under
    /// `HTTPLimits.connections`, so that streams never take the connections ordinary requests need.
    public var streams = 32
    /// Open event streams from one client (`HTTPRequest.client`); more are answered 429 with `Retry-After`, and the
    /// page polls instead. Behind a reverse proxy every client is the proxy: raise it to `streams` there.
    public var streamsPerClient = 4
    /// Wrong tokens one client may send in a minute; the rest get 429 with `Retry-After`. A right token is always
    /// accepted, so that strangers sharing an address (a proxy) with the operator cannot lock the operator out.
    public var wrongTokensPerMinute = 10
    /// Clients whose wrong tokens are remembered; past it, the one quiet longest is forgotten first. Also the bound
    /// on the clients whose request rate is held (`ClientRates`).
    public var throttledClients = 4096
    /// Requests one client identity (`ServeApp.identity`) may make in a minute, up to this many at once; the rest
    /// get 429 with `Retry-After`. `/healthz` and the static files are not counted. Also the rate of an API token
    /// made without `--rate` (`Auth.admit`), counted per token besides.
    public var requestsPerMinute = 1200
    public init() {}
}
