import ReelQueue

/// A submission with an `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header): the first request with a
/// key submits and binds its job to the key; a retry with the same body answers that job (200 rather than 201, so
/// a client can tell); the same key with another body is 422, and with the first still being submitted 409 with
/// `Retry-After`, as the draft says. Keys are kept 24 hours per owner. The claim is one statement on a unique key
/// (`IdempotencyKeys`), so two requests at once cannot both submit.
struct IdempotentSubmission {
    let keys: any IdempotencyKeys
    let owner: String
    let key: String
    /// The request as the key is bound to it: the document's format and the body.
    let request: String

    static let lifetime = Duration.seconds(24 * 3600)
    /// A claim whose submission bound no job this long after (its server stopped in between) is taken afresh.
    static let abandonAfter = Duration.seconds(600)
    static let malformed = "Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is a good key)"

    /// 1 to 255 visible ASCII characters.
    static func isValid(_ key: String) -> Bool {
        (1...255).contains(key.utf8.count) && key.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// Claims the key and runs `submit` only when this request holds it; binds the job it queued, or lets the key go
    /// when it queued none.
    func run(log: (String) -> Void, replay: (Int64) -> HTTPResponse, submit: () -> HTTPResponse) -> HTTPResponse {
        do {
            switch try keys.idempotencyKeyClaim(owner: owner, key: key, request: request, lifetime: Self.lifetime,
                                                abandonAfter: Self.abandonAfter) {
            case .replay(let id): return replay(id)
            case .conflict:
                return .error(422, "this Idempotency-Key was used with another request; a new job needs a new key")
            case .pending:
                return HTTPResponse.error(409, "a request with this Idempotency-Key is being submitted now; try again")
                    .retrying(after: 1)
            case .claimed: break
            }
        } catch {
            log("idempotency key claim failed: \(error)")
            return .error(503, "the job cannot be queued: the database cannot be written")
        }
        let response = submit()
        do {
            if response.status == 201, let id = ServeApp.id(response.location) {
                try keys.idempotencyKeyBind(owner: owner, key: key, jobID: id)
            } else {
                try keys.idempotencyKeyRelease(owner: owner, key: key)
            }
        } catch {
            log("idempotency key \(response.status == 201 ? "bind" : "release") failed: \(error)")
        }
        return response
    }
}

extension HTTPResponse {
    /// The last part of the `Location` header ("" without one): a created job's id.
    var location: String {
        headers.last { $0.name == "Location" }.map { String($0.value.split(separator: "/").last ?? "") } ?? ""
    }
}
