import Foundation
import ReelFarm
import Synchronization

/// Who may change the queue. Write actions need the bearer token: in an `Authorization: Bearer` header (scripts),
/// or through a session cookie made from it (`POST /api/v1/session`) together with that session's CSRF token in
/// an `X-Reel-CSRF` header (pages). A browser never adds the header by itself and another site cannot read it,
/// so a forged cross-site request fails; the cookie is also `HttpOnly` and `SameSite=Strict`, and a request whose
/// `Origin` is not this server is refused. Without a token file, or with `--read-only`, there is no write at all.
final class Auth: Sendable {
    struct Session { var csrf: String; var expires: Date }

    let token: String?
    let readOnly: Bool
    private let sessions = Mutex<[String: Session]>([:])
    private let failures = Mutex<[Date]>([])
    static let cookie = "reel_session"
    static let sessionLifetime: TimeInterval = 12 * 3600

    init(token: String?, readOnly: Bool) {
        self.token = token
        self.readOnly = readOnly
    }

    /// Whether this server offers write actions at all.
    var writable: Bool { token != nil && !readOnly }

    /// nil when `request` may write; otherwise the refusal.
    func refusal(_ request: HTTPRequest) -> HTTPResponse? {
        guard writable, let token else { return .error(403, "this server is read-only") }
        if let origin = request.header("origin"), origin != "null", !Self.sameOrigin(origin, host: request.header("host")) {
            return .error(403, "cross-origin write refused")
        }
        if let auth = request.header("authorization") {
            return auth.hasPrefix("Bearer ") && Self.equal(String(auth.dropFirst(7)), token)
                ? nil : .error(401, "wrong bearer token")
        }
        guard let id = request.cookies[Self.cookie], let session = session(id) else {
            return .error(401, "sign in with the token first")
        }
        guard let csrf = request.header("x-reel-csrf"), Self.equal(csrf, session.csrf) else {
            return .error(403, "missing or wrong X-Reel-CSRF header")
        }
        return nil
    }

    /// `POST /api/v1/session` with `{"token": "…"}`: a session cookie and its CSRF token.
    func signIn(_ request: HTTPRequest) -> HTTPResponse {
        guard writable, let token else { return .error(403, "this server is read-only") }
        guard throttle() else { return .error(429, "too many wrong tokens; wait a minute") }
        let given = (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["token"] as? String
        guard let given, Self.equal(given.trimmingCharacters(in: .whitespacesAndNewlines), token) else {
            failures.withLock { $0.append(Date()) }
            return .error(401, "wrong token")
        }
        let id = Self.random(), csrf = Self.random()
        sessions.withLock { s in
            s = s.filter { $0.value.expires > Date() }
            s[id] = Session(csrf: csrf, expires: Date().addingTimeInterval(Self.sessionLifetime))
        }
        var r = HTTPResponse.bytes(APIJSON.data(["signed_in": true, "csrf": csrf]), type: "application/json")
        r.headers.append(("Set-Cookie", "\(Self.cookie)=\(id); Path=/; HttpOnly; SameSite=Strict; Max-Age=43200"))
        return r
    }

    /// `DELETE /api/v1/session`.
    func signOut(_ request: HTTPRequest) -> HTTPResponse {
        if let id = request.cookies[Self.cookie] { _ = sessions.withLock { $0.removeValue(forKey: id) } }
        var r = HTTPResponse.bytes(APIJSON.data(["signed_in": false]), type: "application/json")
        r.headers.append(("Set-Cookie", "\(Self.cookie)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"))
        return r
    }

    /// `GET /api/v1/session`: whether writes exist and whether this browser is signed in (with its CSRF token).
    func describe(_ request: HTTPRequest) -> [String: Any] {
        let session = request.cookies[Self.cookie].flatMap(session)
        return ["writable": writable, "signed_in": session != nil, "csrf": FarmJSON.nullable(session?.csrf)]
    }

    private func session(_ id: String) -> Session? {
        sessions.withLock { s in
            guard let found = s[id], found.expires > Date() else { return nil }
            return found
        }
    }

    /// At most 10 wrong tokens a minute, from anyone.
    private func throttle() -> Bool {
        failures.withLock { f in
            f.removeAll { Date().timeIntervalSince($0) > 60 }
            return f.count < 10
        }
    }

    static func sameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host else { return false }
        return origin == "http://\(host)" || origin == "https://\(host)"
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
