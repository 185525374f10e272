import Foundation

extension PostgresSegmentQueue: WebhookDelivering {
    public func webhookClaim(limit: Int, lease: Duration) throws(QueueError) -> [WebhookDelivery] {
        try pool.with { c throws(QueueError) in
            try c.exec(WebhookSQL.claim, [now, .int(max(1, limit)), .int64(lease.microseconds)]).rows.map(Self.delivery)
        }
    }

    public func webhookRecord(_ id: Int64, attempt: Int, _ result: WebhookAttempt) throws(QueueError) -> Bool {
        try pool.with { c throws(QueueError) in
            try !c.exec(WebhookSQL.record, [
                .int64(id), .int(attempt), .text(result.state.rawValue), .text(result.body),
                result.status.map(PGValue.int), .text(String(result.response.prefix(1024))),
                PGValue.micros(result.nextAttemptAt), now,
            ]).rows.isEmpty
        }
    }

    public func webhookList(jobID: Int64) throws(QueueError) -> [WebhookDelivery] {
        try pool.with { c throws(QueueError) in try c.exec(WebhookSQL.list, [.int64(jobID)]).rows.map(Self.delivery) }
    }

    public func jobWebhookSet(_ jobID: Int64, url: String?) throws(QueueError) {
        let found = try pool.with { c throws(QueueError) in
            try c.exec(WebhookSQL.setURL, [.int64(jobID), url.map(PGValue.text)]).rows
        }
        guard !found.isEmpty else { throw QueueError.jobNotFound(jobID) }
    }

    static func delivery(from row: PGRow) -> WebhookDelivery {
        WebhookDelivery(id: row.int64("id") ?? 0, jobID: row.int64("job_id") ?? 0, url: row.text("url"),
                        event: row.text("event"), body: row.string("body"),
                        state: WebhookDelivery.State(rawValue: row.text("state")) ?? .pending,
                        attempts: row.int("attempts") ?? 0, createdAt: row.date("created_us") ?? Date(),
                        nextAttemptAt: row.date("next_us") ?? Date(), lastAttemptAt: row.date("last_us"),
                        lastStatus: row.int("last_status"), lastResponse: row.string("last_response"),
                        deliveredAt: row.date("delivered_us"))
    }
}
