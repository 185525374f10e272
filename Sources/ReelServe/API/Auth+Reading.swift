import Foundation
import ReelQueue

/// Which jobs a read may see: every job, or one user's. A job outside the view is answered as a job nobody has
/// (404), left out of lists, the overview's totals and the event stream.
enum JobView: Sendable, Equatable {
    case all
    case owner(String)

    /// The view of `principal`: its user's jobs for a submit token, every job for operate and admin.
    init(_ principal: Principal) {
        self = principal.ownerFilter.map(JobView.owner) ?? .all
    }

    func sees(owner: String) -> Bool {
        switch self {
        case .all: return true
        case .owner(let user): return owner == user
        }
    }
}

/// What a read may see, or why it is refused.
enum ReadVerdict {
    case view(JobView)
    case refused(HTTPResponse)
}

extension Auth {
    /// With `--api-tokens` the farm's jobs are not public: every read of them needs a principal (a bearer token or a
    /// signed-in session). Without, reads are open, as they have always been (loopback, or behind the operator's
    /// own access control).
    var readsNeedSignIn: Bool { tokens != nil }

    /// What `request` may read, or the refusal: 401 without credentials (with `WWW-Authenticate: Bearer`), 401 for a
    /// wrong token (counted like a wrong write, so reads are no oracle for guessing), 503 when tokens cannot be checked.
    func view(_ request: HTTPRequest) -> ReadVerdict {
        guard readsNeedSignIn else { return .view(.all) }
        if let auth = request.header("authorization") {
            guard auth.hasPrefix("Bearer ") else { return .refused(Self.unauthenticated("wrong bearer token")) }
            switch resolve(String(auth.dropFirst(7)), request, wrong: "wrong bearer token") {
            case .allowed(let principal): return .view(JobView(principal))
            case .refused(let refusal): return .refused(refusal)
            }
        }
        if let id = request.cookies[Self.cookie], let session = session(id) {
            switch admit(session.principal) {
            case .allowed(let principal): return .view(JobView(principal))
            case .refused(let refusal): return .refused(refusal)
            }
        }
        return .refused(Self.unauthenticated("sign in with a token to read this server's jobs (Authorization: Bearer, "
                                             + "or POST /api/v1/session)"))
    }

    static func unauthenticated(_ message: String) -> HTTPResponse {
        var r = HTTPResponse.error(401, message)
        r.headers.append(("WWW-Authenticate", "Bearer realm=\"reel\""))
        return r
    }
}
