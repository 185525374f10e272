import Foundation

/// One POST telling a job's webhook URL that the job ended (`webhook_deliveries`, schema/0010_webhooks.up.sql).
public struct WebhookDelivery: Sendable, Hashable {
    /// Where a delivery is. Rows are created `pending` by the trigger that ends a job; only the deliverer
    /// (`WebhookDelivering.webhookRecord`) moves them to `delivered` or `failed`.
    public enum State: String, CaseIterable, Sendable {
        case pending, delivered, failed
    }

    public var id: Int64
    public var jobID: Int64
    public var url: String
    /// `job.done`, `job.failed` or `job.canceled`.
    public var event: String
    /// The JSON POSTed: nil until the first attempt fixes it, so that every retry sends the same bytes.
    public var body: String?
    public var state: State
    /// Attempts made, the one being made included.
    public var attempts: Int
    public var createdAt: Date
    public var nextAttemptAt: Date
    public var lastAttemptAt: Date?
    public var lastStatus: Int?
    public var lastResponse: String?
    public var deliveredAt: Date?

    public init(id: Int64, jobID: Int64, url: String, event: String, body: String? = nil, state: State = .pending,
                attempts: Int = 0, createdAt: Date, nextAttemptAt: Date, lastAttemptAt: Date? = nil,
                lastStatus: Int? = nil, lastResponse: String? = nil, deliveredAt: Date? = nil) {
        self.id = id; self.jobID = jobID; self.url = url; self.event = event; self.body = body; self.state = state
        self.attempts = attempts; self.createdAt = createdAt; self.nextAttemptAt = nextAttemptAt
        self.lastAttemptAt = lastAttemptAt; self.lastStatus = lastStatus; self.lastResponse = lastResponse
        self.deliveredAt = deliveredAt
    }
}

/// What one attempt of a delivery came to.
public struct WebhookAttempt: Sendable, Hashable {
    /// The state it leaves the delivery in: still `pending` (tried again at `nextAttemptAt`), or final.
    public var state: WebhookDelivery.State
    /// The body sent (stored at the first attempt; later ones send the stored one).
    public var body: String
    /// The HTTP status that came back; nil when none did (refused, timed out, unreachable).
    public var status: Int?
    /// The response's first bytes, or why there was none (at most 1,024 characters are kept).
    public var response: String
    /// When to try again, for a delivery left `pending`.
    public var nextAttemptAt: Date?

    public init(state: WebhookDelivery.State, body: String, status: Int?, response: String, nextAttemptAt: Date? = nil) {
        self.state = state; self.body = body; self.status = status; self.response = response
        self.nextAttemptAt = nextAttemptAt
    }
}
