import Foundation

/// The webhook deliverer's side of the queue (`reel serve`): claim due deliveries, record each attempt, and read a
/// job's deliveries for its JSON. Only the PostgreSQL queue has webhooks: a farm's jobs end there.
public protocol WebhookDelivering: Sendable {
    /// Claims up to `limit` due pending deliveries (`FOR UPDATE SKIP LOCKED`, so several deliverers share them),
    /// counting the attempt and moving each one's next attempt `lease` ahead: a deliverer that dies mid-attempt
    /// leaves the delivery due again then, not lost.
    func webhookClaim(limit: Int, lease: Duration) throws(QueueError) -> [WebhookDelivery]

    /// Records attempt `attempt` of delivery `id`. Returns false when the delivery moved on meanwhile (another
    /// deliverer claimed it after this one's lease ran out): that attempt's result is then dropped.
    func webhookRecord(_ id: Int64, attempt: Int, _ result: WebhookAttempt) throws(QueueError) -> Bool

    /// A job's deliveries, oldest first.
    func webhookList(jobID: Int64) throws(QueueError) -> [WebhookDelivery]

    /// Sets (or with nil clears) the URL told when job `jobID` ends.
    /// - Throws: `QueueError.jobNotFound`; `.query` for a URL the schema refuses (not http(s), over 2,048 bytes).
    func jobWebhookSet(_ jobID: Int64, url: String?) throws(QueueError)
}
