import Foundation
import ReelQueue
import ReelRecords
import Synchronization

/// Who may change the queue. Write actions need the bearer token: in an `Authorization: Bearer` header (scripts),
/// or through a session cookie made from it (`POST /api/v1/session`) together with that session's CSRF token in
/// an `X-Reel-CSRF` header (pages). A browser never adds the header by itself and another site cannot read it,
/// so a forged cross-site request fails; the cookie is also `HttpOnly` and `SameSite=Strict` (and `Secure` behind an
/// https public URL), and a write or sign-in whose `Origin` is not one of this server's (`HostPolicy`), or is
/// `null`, is refused. Wrong tokens are counted per client and throttled; a right token is accepted first, so
/// nobody else's wrong tokens lock the operator out. Without a token file or a token store, or with `--read-only`,
/// there is no write.
///
/// Every write acts as a `Principal`: the operator's token file is an admin; a token made by `reel token` resolves
/// through `tokens` to its user and scope; a session cookie remembers the principal it was signed in with.
final class Auth: Sendable {
    struct Session { var csrf: String; var expires: Date; var principal: Principal }

    /// Who a write comes from, or why it is refused.
    enum Verdict {
        case allowed(Principal)
        case refused(HTTPResponse)
    }

    let token: String?
    /// The API tokens of `reel token` (`reel serve --api-tokens`); nil: only the token file.
    let tokens: (any TokenManaging)?
    let readOnly: Bool
    let access: HostPolicy
    private let sessions = Mutex<[String: Session]>([:])
    private let failures: FailureThrottle
    /// Each API token's own request rate (`TokenLimits.requestsPerMinute`, else the server's per-client rate),
    /// counted by token id wherever its requests come from.
    let tokenRates: ClientRates
    private let log: @Sendable (String) -> Void
    static let cookie = "reel_session"
    static let sessionLifetime: TimeInterval = 12 * 3600

    init(token: String?, tokens: (any TokenManaging)? = nil, readOnly: Bool, access: HostPolicy = .loopback,
         limits: ServeLimits = ServeLimits(), log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.token = token
        self.tokens = tokens
        self.readOnly = readOnly
        self.access = access
        self.failures = FailureThrottle(limit: limits.wrongTokensPerMinute, capacity: limits.throttledClients)
        self.tokenRates = ClientRates(perMinute: limits.requestsPerMinute, capacity: limits.throttledClients)
        self.log = log
    }

    /// Whether this server offers write actions at all.
    var writable: Bool { (token != nil || tokens != nil) && !readOnly }

    /// The principal `request` writes as, or the refusal.
    func authorize(_ request: HTTPRequest) -> Verdict {
        guard writable else { return .refused(.error(403, "this server is read-only")) }
        if let refusal = originRefusal(request, doing: "write") { return .refused(refusal) }
        if let auth = request.header("authorization") {
            guard auth.hasPrefix("Bearer ") else { return .refused(wrong(request, "wrong bearer token")) }
            return resolve(String(auth.dropFirst(7)), request, wrong: "wrong bearer token")
        }
        guard let id = request.cookies[Self.cookie], let session = session(id) else {
            return .refused(.error(401, "sign in with the token first"))
        }
        guard let csrf = request.header("x-reel-csrf"), Self.equal(csrf, session.csrf) else {
            return .refused(.error(403, "missing or wrong X-Reel-CSRF header"))
        }
        return admit(session.principal)
    }

    /// The principal, unless it is an API token that has used its request rate: then 429 with `Retry-After`. The
    /// operator's token has no rate of its own (the per-client rate still holds it).
    func admit(_ principal: Principal) -> Verdict {
        guard let id = principal.tokenID else { return .allowed(principal) }
        guard let wait = tokenRates.take("token:\(id)", rate: principal.limits.requestsPerMinute) else { return .allowed(principal) }
        let rate = principal.limits.requestsPerMinute ?? tokenRates.perMinute
        return .refused(HTTPResponse.error(429, "more than \(rate) requests a minute with this token; try again in \(wait) s")
            .retrying(after: wait))
    }

    /// The principal of a presented token: the token file's is an admin, checked first in constant time; any other is
    /// looked up in the token store (revoked, expired and unknown tokens alike are wrong). A store that cannot be
    /// read answers 503, and the cause goes to the operator's log.
    func resolve(_ presented: String, _ request: HTTPRequest, wrong message: String) -> Verdict {
        if let token, Self.equal(presented, token) { return .allowed(.serverOperator()) }
        do {
            if let found = try tokens?.tokenResolve(presented) { return admit(found) }
        } catch {
            log("the token store cannot be read: \(error)")
            return .refused(.error(503, "tokens cannot be checked just now"))
        }
        return .refused(wrong(request, message))
    }

    /// Who `request` is, for the per-client request rate (`ServeLimits.requestsPerMinute`): `token:operator` when it
    /// carries the right bearer token, else its client address (`HTTPRequest.client`). A wrong token is no identity,
    /// so a client spraying made-up tokens gets no fresh budget for each. An API token is held to a rate of its own as
    /// well, once it resolves (`admit`).
    func identity(_ request: HTTPRequest) -> String {
        if let token, let auth = request.header("authorization"), auth.hasPrefix("Bearer "),
           Self.equal(String(auth.dropFirst(7)), token) {
            return "token:operator"
        }
        return request.client
    }

    /// `POST /api/v1/session` with `{"token": "…"}`: a session cookie and its CSRF token.
    func signIn(_ request: HTTPRequest) -> HTTPResponse {
        guard writable else { return .error(403, "this server is read-only") }
        if let refusal = originRefusal(request, doing: "sign-in") { return refusal }
        let given = (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["token"] as? String
        guard let given else { return wrong(request, "wrong token") }
        let principal: Principal
        switch resolve(given.trimmingCharacters(in: .whitespacesAndNewlines), request, wrong: "wrong token") {
        case .allowed(let who): principal = who
        case .refused(let refusal): return refusal
        }
        let id = Self.random(), csrf = Self.random()
        sessions.withLock { s in
            s = s.filter { $0.value.expires > Date() }
            s[id] = Session(csrf: csrf, expires: Date().addingTimeInterval(Self.sessionLifetime), principal: principal)
        }
        var r = HTTPResponse.bytes(APIJSON.data(["signed_in": true, "csrf": csrf]), type: "application/json")
        r.headers.append(("Set-Cookie", "\(Self.cookie)=\(id); Path=/; HttpOnly; SameSite=Strict; Max-Age=43200\(secure)"))
        return r
    }

    /// `DELETE /api/v1/session`.
    func signOut(_ request: HTTPRequest) -> HTTPResponse {
        if let refusal = originRefusal(request, doing: "sign-out") { return refusal }
        if let id = request.cookies[Self.cookie] { _ = sessions.withLock { $0.removeValue(forKey: id) } }
        var r = HTTPResponse.bytes(APIJSON.data(["signed_in": false]), type: "application/json")
        r.headers.append(("Set-Cookie", "\(Self.cookie)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0\(secure)"))
        return r
    }

    /// `GET /api/v1/session`: whether writes exist and whether this browser is signed in (with its CSRF token).
    func describe(_ request: HTTPRequest) -> [String: Any] {
        let session = request.cookies[Self.cookie].flatMap(session)
        return ["writable": writable, "signed_in": session != nil, "csrf": FarmJSON.nullable(session?.csrf),
                "reads_need_sign_in": readsNeedSignIn]
    }

    func session(_ id: String) -> Session? {
        sessions.withLock { s in
            guard let found = s[id], found.expires > Date() else { return nil }
            return found
        }
    }

    /// The cookie attribute that keeps the session off plain http when people reach this server over https.
    private var secure: String { access.secure ? "; Secure" : "" }

    /// A refusal when the request comes from a page that is not this server's: another site, or `Origin: null`
    /// (a sandboxed frame or a local file, which could be anyone's). Scripts send no `Origin` and pass.
    private func originRefusal(_ request: HTTPRequest, doing what: String) -> HTTPResponse? {
        guard let origin = request.header("origin") else { return nil }
        if origin == "null" { return .error(403, "a \(what) from Origin: null (a sandboxed frame or a file) is refused") }
        guard access.allowsOrigin(origin, port: request.serverPort) else {
            return .error(403, "cross-origin \(what) refused: Origin \"\(origin.prefix(200))\" is not a page of this server")
        }
        return nil
    }

    /// A wrong token: 401 while its client is within its limit, then 429 with `Retry-After`.
    private func wrong(_ request: HTTPRequest, _ message: String) -> HTTPResponse {
        switch failures.fail(request.client) {
        case .counted(let left):
            if left == 0 { log("wrong tokens throttled client=\(request.client) per_minute=\(failures.limit)") }
            return .error(401, message)
        case .refused(let wait):
            return HTTPResponse.error(429, "too many wrong tokens from this address; try again in \(wait) s").retrying(after: wait)
        }
    }

    /// Compares in time independent of where the strings differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var diff = x.count ^ y.count
        for i in 0..<max(x.count, y.count) { diff |= Int((i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0)) }
        return diff == 0
    }

    static func random() -> String {
        var g = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &g)) }.joined()
    }
}
