import Foundation
import ReelQueue
import ReelRecords

extension WebhookDeliverer {
    /// One attempt of `delivery`, recorded whatever it came to.
    func attempt(_ delivery: WebhookDelivery) {
        let result: WebhookAttempt
        do {
            let job = try queue.jobGet(delivery.jobID)
            guard let key = secret(job), !key.isEmpty else {
                log("webhook not signed: no secret delivery=\(delivery.id) job_id=\(job.id)")
                return   // stays pending: tried again when the claim's lease runs out
            }
            let body = delivery.body ?? Self.body(delivery, job: job)
            result = outcome(delivery, body: body, secret: key)
        } catch QueueError.jobNotFound {
            return   // the job was deleted; its deliveries went with it
        } catch {
            log("webhook job read failed delivery=\(delivery.id) error=\(error)")
            return
        }
        do {
            if try !queue.webhookRecord(delivery.id, attempt: delivery.attempts, result) {
                log("webhook result dropped: claimed again meanwhile delivery=\(delivery.id)")
            }
        } catch {
            log("webhook record failed delivery=\(delivery.id) error=\(error)")
        }
        log("webhook attempt delivery=\(delivery.id) job_id=\(delivery.jobID) attempt=\(delivery.attempts) "
            + "state=\(result.state.rawValue) status=\(result.status.map(String.init) ?? "none")")
    }

    /// The JSON POSTed: the event, the delivery's id (receivers drop a repeat by it) and the job as `reel status
    /// --json` and the API show it (`FarmJSON.job`). Fixed at the first attempt, so every retry sends these bytes.
    static func body(_ delivery: WebhookDelivery, job: Job) -> String {
        String(decoding: FarmJSON.data(["event": delivery.event, "delivery": delivery.id, "job": FarmJSON.job(job)],
                                       pretty: false), as: UTF8.self)
    }

    /// Resolves, refuses or POSTs, and says what the delivery's state becomes.
    private func outcome(_ delivery: WebhookDelivery, body: String, secret: [UInt8]) -> WebhookAttempt {
        let target: WebhookTarget
        switch WebhookTarget.resolve(delivery.url, allow: configuration.allow) {
        case .success(let t): target = t
        case .failure(.permanent(let why)): return WebhookAttempt(state: .failed, body: body, status: nil, response: "refused: \(why)")
        case .failure(.transient(let why)): return retry(delivery, body: body, status: nil, response: why)
        }
        let data = Data(body.utf8)
        guard let signature = WebhookSignature.header(body: data, secret: secret, time: Date()) else {
            return retry(delivery, body: body, status: nil, response: "GnuTLS could not sign the body")
        }
        let headers = [("Content-Type", "application/json"), ("Reel-Signature", signature),
                       ("Reel-Event", delivery.event), ("Reel-Delivery", String(delivery.id))]
        switch WebhookPost(timeout: configuration.timeout).send(target, body: data, headers: headers) {
        case .answered(let status, let excerpt) where (200..<300).contains(status):
            return WebhookAttempt(state: .delivered, body: body, status: status, response: excerpt)
        case .answered(let status, let excerpt) where (300..<400).contains(status):
            return WebhookAttempt(state: .failed, body: body, status: status,
                                  response: "a redirect, which webhooks do not follow: \(excerpt)")
        case .answered(let status, let excerpt):
            return retry(delivery, body: body, status: status, response: excerpt)
        case .unanswered(let why):
            return retry(delivery, body: body, status: nil, response: "no answer from \(target.address): \(why)")
        }
    }

    /// Pending again after the backoff (with jitter), or failed when that passes `giveUpAfter` since the event.
    private func retry(_ delivery: WebhookDelivery, body: String, status: Int?, response: String) -> WebhookAttempt {
        let delay = configuration.backoff.delay(afterAttempt: delivery.attempts).secondsDouble * Double.random(in: 0.8...1.2)
        let next = Date().addingTimeInterval(delay)
        guard next.timeIntervalSince(delivery.createdAt) <= configuration.giveUpAfter.secondsDouble else {
            return WebhookAttempt(state: .failed, body: body, status: status,
                                  response: "gave up after \(delivery.attempts) attempts: \(response)")
        }
        return WebhookAttempt(state: .pending, body: body, status: status, response: response, nextAttemptAt: next)
    }
}
