import Foundation
import ReelQueue

/// `reel serve`'s routes: pages, the JSON API, the event stream, metrics and images.
///
///     GET  /  /jobs/{id}  /workers  /jobs/new        pages (HTML; data arrives from the API and /events)
///     GET  /static/app.css  /static/app.js
///     GET  /api/v1/jobs[?state=running,queued&q=text&limit=n]   /api/v1/jobs/{id}   /api/v1/workers
///     POST /api/v1/jobs   a composition or OTIO timeline and the job's settings (token; needs an intake)
///     POST /api/v1/jobs/{id}/cancel  …/retry  …/priority {"priority": n}      (token; absent with --read-only;
///          an API token of submit scope steers only its user's jobs)
///     GET|POST|DELETE /api/v1/session                 sign in with the token for the pages
///     GET  /api/v1/jobs/{id}/segments/{index}/thumbnail.jpg   /api/v1/jobs/{id}/poster.jpg
///     GET  /events[?job=id]   server-sent events      GET /metrics   Prometheus text      GET /healthz
public final class ServeApp: Sendable {
    public struct Images: Sendable {
        /// The JPEG of a done segment's first frame (made now if missing); nil when there is none.
        public var thumbnail: @Sendable (Job, Segment) -> Data?
        /// The poster frame of a published job, given its segments; nil when there is none.
        public var poster: @Sendable (Job, [Segment]) -> Data?
        public init(thumbnail: @escaping @Sendable (Job, Segment) -> Data?,
                    poster: @escaping @Sendable (Job, [Segment]) -> Data?) {
            self.thumbnail = thumbnail
            self.poster = poster
        }
    }

    let hub: FarmHub
    let auth: Auth
    let writer: (any JobAccess)?
    /// What `POST /api/v1/jobs` validates and queues with; nil: this server takes no submissions.
    let intake: (any JobIntake)?
    /// Where submissions' `Idempotency-Key`s are kept; nil: a submission with one is refused.
    let keys: (any IdempotencyKeys)?
    let images: Images?
    let metrics: @Sendable (HubSnapshot) -> String
    let access: HostPolicy
    let slots: StreamSlots
    let rates: ClientRates
    /// Networks webhooks may reach although private or loopback (`--webhook-allow`), for judging a submission's.
    let webhookAllow: [AddressRange]
    let log: @Sendable (String) -> Void

    /// - Parameters:
    ///   - writer: the queue that cancel, retry and priority go to, as the request's principal (nil with `--read-only`).
    ///   - tokens: the API tokens a bearer token or sign-in may also be (`reel token`); nil: only `token`.
    ///   - intake: validates and queues submitted jobs (`POST /api/v1/jobs`); nil without media and output roots
    ///     or without writes.
    ///   - keys: the idempotency keys of submissions (the write queue).
    ///   - access: the names this server answers to and the pages that may write (`HostPolicy`).
    ///   - limits: the event stream caps, the wrong-token throttle and the request rate.
    ///   - log: the operator's log: the database's errors (a client is told only that it failed), throttled clients.
    ///   - metrics: renders `/metrics` from a snapshot; default `ServeApp.prometheus`.
    ///   - webhookAllow: the deliverer's `--webhook-allow`, so that a submitted webhook is judged as it will be sent.
    public init(hub: FarmHub, token: String?, tokens: (any TokenManaging)? = nil, writer: (any JobAccess)?,
                intake: (any JobIntake)? = nil, keys: (any IdempotencyKeys)? = nil, images: Images?,
                access: HostPolicy = .loopback, limits: ServeLimits = ServeLimits(), webhookAllow: [AddressRange] = [],
                log: @escaping @Sendable (String) -> Void = { _ in },
                metrics: (@Sendable (HubSnapshot) -> String)? = nil) {
        self.hub = hub
        self.auth = Auth(token: token, tokens: tokens, readOnly: writer == nil, access: access, limits: limits, log: log)
        self.writer = writer
        self.intake = writer == nil ? nil : intake
        self.keys = keys
        self.images = images
        self.access = access
        self.slots = StreamSlots(limits)
        self.rates = ClientRates(perMinute: limits.requestsPerMinute, capacity: limits.throttledClients)
        self.log = log
        self.webhookAllow = webhookAllow
        self.metrics = metrics ?? { [hub] in Self.prometheus($0, hub: hub) }
    }

    /// The farm's numbers from the snapshot (at most a poll interval old, shared with the pages) and the
    /// server's own: whether its last database read worked, open event streams, snapshot refreshes.
    public static func prometheus(_ s: HubSnapshot, hub: FarmHub) -> String {
        let own: [MetricFamily] = [
            .gauge("reel_serve_database_up", "1 when reel serve's last read of the queue worked, else 0 (the farm's "
                   + "numbers are then the last ones read).", s.error == nil && s.metrics != nil ? 1 : 0),
            .gauge("reel_serve_event_streams", "Open server-sent event streams.", Double(hub.streamCount)),
            .counter("reel_serve_snapshot_refreshes_total", "Reads of the queue by reel serve, each shared by every page, "
                     + "stream and scrape.", Double(hub.refreshCount)),
        ]
        return MetricsExposition.render(s.metrics ?? QueueMetrics(at: s.at), goneAfter: hub.options.goneAfter, extra: own)
    }

    /// Headers that say who is asking and from where: sent twice, they could be read one way here and another way by
    /// a proxy in front, so a request that repeats one is refused.
    static let singleHeaders = ["authorization": "Authorization", "cookie": "Cookie", "host": "Host", "origin": "Origin",
                                "x-reel-csrf": "X-Reel-CSRF", "idempotency-key": "Idempotency-Key"]

    /// Answers one request; never throws and never traps on what a client sends.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        if let repeated = request.repeatedHeaders.compactMap({ Self.singleHeaders[$0] }).sorted().first {
            return .error(400, "the \(repeated) header was sent more than once")
        }
        let parts = request.pathParts
        if let refusal = rateRefusal(request, parts: parts) { return refusal }
        // The probe answers whatever the name: it says nothing, and a load balancer asks by address or its own name.
        if parts != ["healthz"], let refusal = access.hostRefusal(request) { return refusal }
        let method = request.method == "HEAD" ? "GET" : request.method
        switch ServeRoute.match(method, parts) {
        case .found: break
        case .none: return .error(404, parts.first == "api" ? "no such API address: \(request.path)" : "no such page: \(request.path)")
        case .otherMethods(let allowed):
            var refusal = HTTPResponse.error(405, "\(request.method) is not allowed here; use \(allowed.joined(separator: " or "))")
            refusal.headers.append(("Allow", (allowed.contains("GET") ? allowed + ["HEAD"] : allowed).joined(separator: ", ")))
            return refusal
        }
        switch (method, parts.first) {
        case (_, "api"): return api(request, method: method, parts: Array(parts.dropFirst()))
        case ("GET", nil): return .html(Pages.jobs)
        case ("GET", "jobs") where parts == ["jobs", "new"]: return .html(Pages.newJob)
        case ("GET", "jobs") where parts.count == 2 && Self.id(parts[1]) != nil: return .html(Pages.job)
        case ("GET", "workers") where parts.count == 1: return .html(Pages.workers)
        case ("GET", "static") where parts.count == 2: return Assets.file(parts[1])
        case ("GET", "events") where parts.count == 1: return reading(request) { events(request, view: $0) }
        case ("GET", "metrics") where parts.count == 1:
            return reading(request) { view in
                // The farm's totals: for whoever runs it (operate, admin, the operator's token), not a submit token.
                guard view == .all else { return .error(403, "the farm's metrics need an operate or admin token") }
                return .text(200, metrics(hub.snapshot(maxAge: hub.options.pollInterval)), type: PrometheusText.contentType)
            }
        case ("GET", "healthz") where parts.count == 1: return .text(200, "ok\n")
        case (_, let first) where method != "GET" && [nil, "jobs", "workers", "events", "metrics", "healthz"].contains(first):
            return .error(405, "\(request.method) is not allowed here")
        default: return .error(404, "no such page: \(request.path)")
        }
    }

    /// A 429 with `Retry-After` when the request's identity has used its rate; nil otherwise. The probe (a load
    /// balancer asks often, and by design) and the static files (cached by the pages) are not counted.
    private func rateRefusal(_ request: HTTPRequest, parts: [String]) -> HTTPResponse? {
        guard !["healthz", "static"].contains(parts.first ?? ""), let wait = rates.take(auth.identity(request)) else {
            return nil
        }
        return HTTPResponse.error(429, "more than \(rates.perMinute) requests a minute from this client; try again in "
                                  + "\(wait) s").retrying(after: wait)
    }

    /// An event stream, within the stream caps; one that watches a job only for a job that exists.
    private func events(_ request: HTTPRequest, view: JobView) -> HTTPResponse {
        var job: Int64?
        if let text = request.query["job"] {
            guard let id = Self.id(text) else { return .error(400, "job must be a job id") }
            let found = hub.lookup(id)
            if let refusal = lookupRefusal(found, id: id) { return refusal }
            if case .found(_, let owner) = found, !view.sees(owner: owner) { return .error(404, "job \(id) does not exist") }
            job = id
        }
        let client = request.client
        switch slots.take(client) {
        case .client?:
            return HTTPResponse.error(429, "this address has its most event streams open; close a page, or poll /api/v1/jobs")
                .retrying(after: 15)
        case .all?:
            return HTTPResponse.error(503, "this server has its most event streams open; poll /api/v1/jobs meanwhile")
                .retrying(after: 15)
        case nil:
            let slots = self.slots
            let stream = EventStream(hub: hub, job: job, view: view, keepAlive: hub.options.keepAlive) { slots.give(client) }
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store"),
                                                      ("X-Accel-Buffering", "no")], body: .stream(stream))
        }
    }

    /// nil when `lookup` found the job; else the answer: 404, or 503 when the database was not or could not be read.
    func lookupRefusal(_ lookup: JobLookup, id: Int64) -> HTTPResponse? {
        switch lookup {
        case .found: return nil
        case .missing: return .error(404, "job \(id) does not exist")
        case .busy(let wait): return Self.busy(retryAfter: wait)
        case .failed(let cause): return unreadable(cause)
        }
    }

    /// The 503 of a read the API's budget (`FarmHub.Options.lookupsPerSecond`) has no room for now.
    static func busy(retryAfter wait: Int) -> HTTPResponse {
        HTTPResponse.error(503, "too many lookups of single jobs just now").retrying(after: wait)
    }

    /// A 503 that says the database cannot be read, and only that: the database's own message, which names tables,
    /// roles and hosts, goes to the operator's log.
    func unreadable(_ cause: Any) -> HTTPResponse {
        log("the database cannot be read: \(cause)")
        return .error(503, HubSnapshot.unreadable)
    }

    /// A positive decimal id of at most 18 digits (so it fits Int64 without a trap).
    static func id(_ text: String) -> Int64? {
        guard (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }),
              let v = Int64(text), v > 0 else { return nil }
        return v
    }
}
