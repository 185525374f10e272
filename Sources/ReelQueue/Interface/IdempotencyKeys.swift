/// What a claim of an idempotency key found.
public enum IdempotencyClaim: Sendable, Hashable {
    /// The key is this request's now: submit it, then bind the job to the key (`idempotencyKeyBind`) or, when
    /// nothing was queued, let the key go (`idempotencyKeyRelease`).
    case claimed
    /// The key already names a job queued by the same request.
    case replay(jobID: Int64)
    /// The key was used with another request (its hash differs).
    case conflict
    /// The same request with this key is being submitted right now and has no job yet.
    case pending
}

/// The submitters' idempotency keys (`POST /api/v1/jobs` with `Idempotency-Key`), one per owner and key, kept
/// `lifetime` from their first use. Written by `reel serve`.
public protocol IdempotencyKeys: Sendable {
    /// Claims `key` for a request, race-free: of two claims at once exactly one is `.claimed`. A key older than
    /// `lifetime`, or one claimed `abandonAfter` ago whose submission never bound a job (its server died), is
    /// claimed afresh.
    /// - Parameter request: the request's content (its format and body); only its SHA-256 is kept.
    func idempotencyKeyClaim(owner: String, key: String, request: String, lifetime: Duration,
                             abandonAfter: Duration) throws(QueueError) -> IdempotencyClaim

    /// Records the job a claimed key's request queued.
    func idempotencyKeyBind(owner: String, key: String, jobID: Int64) throws(QueueError)

    /// Lets go of a claimed key whose request queued nothing (it was refused or failed), so that it can be used again.
    func idempotencyKeyRelease(owner: String, key: String) throws(QueueError)
}
