import Foundation
import ReelModel
import ReelQueue
import ReelRecords

extension ServeApp {
    /// `POST /api/v1/jobs`: validates and queues a job through the intake; 201 with the job (the shape of
    /// `GET /api/v1/jobs/{id}`) and its `Location`, or the refusal. Nothing is queued on any refusal.
    func submitJob(_ request: HTTPRequest) -> HTTPResponse {
        let principal: Principal
        switch submitter(request) {
        case .principal(let found): principal = found
        case .refused(let refusal): return refusal
        }
        // The token file's operator holds no account: its jobs are owned by "", as `reel submit --db`'s are.
        let owner = principal.tokenID == nil ? "" : principal.user
        guard let intake else {
            return .error(403, "this server takes no submissions: it was started without media roots, an output root or a part store")
        }
        var job: JobIntakeRequest
        switch JobEnvelope.read(request) {
        case .success(let read): job = read
        case .failure(let refusal): return refusal.response
        }
        job.owner = owner
        job.tokenID = principal.tokenID
        // An API token's caps on its user's active jobs and waiting frames, held by the queue in the inserting
        // transaction; the operator's token has none.
        job.caps = principal.submissionCaps
        // The webhook's target is judged now, as the deliverer will judge it (`WebhookTarget`: http or https, no
        // credentials, a name that resolves to an address webhooks may reach), so a refused one is a 422 at `webhook`
        // and not a delivery that fails after the render.
        if let url = job.webhook, case .failure(let refusal) = WebhookTarget.resolve(url, allow: webhookAllow) {
            return JobEnvelope.invalid([Diagnostic(path: "webhook", message: refusal.message)])
        }
        // A token made with its own roots (`reel token create --media-root … --output-root …`) reads and writes only
        // there; one without them uses the server's.
        job.mediaRoots = principal.mediaRoots.isEmpty ? nil : principal.mediaRoots
        job.outputRoot = principal.outputRoot
        guard let key = request.header("idempotency-key") else { return submit(job, intake) }
        guard IdempotentSubmission.isValid(key) else { return .error(400, IdempotentSubmission.malformed) }
        guard let keys else { return .error(400, "this server keeps no idempotency keys") }
        let submission = IdempotentSubmission(keys: keys, owner: owner, key: key,
                                              request: job.format.rawValue + "\n" + String(decoding: request.body, as: UTF8.self))
        return submission.run(log: log, replay: { created($0, status: 200) }) { submit(job, intake) }
    }

    /// Who submits, and so owns the job: the one place that decides it. The server's write authorisation
    /// (`Auth.authorize`: a bearer token, or a page's session with its CSRF header, from one of this server's
    /// origins) gives the principal: an API token's user owns the job, and its roots bound it.
    func submitter(_ request: HTTPRequest) -> Submitter {
        switch auth.authorize(request) {
        case .allowed(let principal): return .principal(principal)
        case .refused(let refusal): return .refused(refusal)
        }
    }

    /// The intake's answer: 201 with the job, 422 with the problems, 503 when the database fails.
    private func submit(_ job: JobIntakeRequest, _ intake: any JobIntake) -> HTTPResponse {
        do {
            switch try intake.submit(job) {
            case .invalid(let problems): return JobEnvelope.invalid(problems)
            case .capReached(let refusal):
                guard refusal.passes else { return JobEnvelope.invalid([Diagnostic(path: "composition", message: refusal.description)]) }
                return Self.capRefusal(refusal.description + "; nothing was queued", refusal)
            case .queued(let id):
                hub.kick()
                return created(id)
            }
        } catch {
            log("submit failed: \(error)")
            return .error(503, "the job cannot be queued: the database cannot be written")
        }
    }

    /// Seconds a client over a cap that passes is told to wait: a job of a minute or two ends in about that time.
    static let capRetryAfter = 60

    /// The answer to a submission or retry over its token's caps: 429 with `Retry-After` while waiting can make room
    /// (active jobs, waiting frames), else 409 (a submission answers that case 422 at `composition`, its own fault).
    static func capRefusal(_ message: String, _ refusal: OwnerCapRefusal) -> HTTPResponse {
        refusal.passes ? HTTPResponse.error(429, message).retrying(after: capRetryAfter) : .error(409, message)
    }

    /// 201 with the job as `GET /api/v1/jobs/{id}` serves it, read now for this job alone (a submission is
    /// already authorised, so it does not spend the API's budget of anonymous reads); just its id if that read fails.
    func created(_ id: Int64, status: Int = 201) -> HTTPResponse {
        var response: HTTPResponse
        do {
            if let detail = try HubReader(queue: hub.queue, options: hub.options).detail(of: id) {
                response = .bytes(HubJSON.detail(detail, at: Date()), type: "application/json")
            } else {
                response = json(["job": ["id": id]])
            }
        } catch {
            log("the job just queued cannot be read: \(error)")
            response = json(["job": ["id": id]])
        }
        response.status = status
        response.headers.append(("Location", "/api/v1/jobs/\(id)"))
        return response
    }
}

/// Who a submission comes from (its user owns the job; its roots bound it), or the answer that refuses it.
enum Submitter {
    case principal(Principal)
    case refused(HTTPResponse)
}
