// Table `webhook_deliveries` (schema/0010_webhooks.up.sql):
//   CREATE TABLE webhook_deliveries (id bigserial PRIMARY KEY, job_id bigint, url, event, body text, state text,
//     attempts integer, next_attempt_at, created_at, last_attempt_at timestamptz, last_status integer,
//     last_response text, delivered_at timestamptz, …CHECKs)
//   CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE state = 'pending';

/// Statements on `webhook_deliveries` (and `jobs.webhook_url`).
enum WebhookSQL {
    /// The columns `PostgresSegmentQueue.delivery(from:)` decodes, of the table named `t`.
    static func columns(_ t: String) -> String {
        """
        \(t).id, \(t).job_id, \(t).url, \(t).event, \(t).body, \(t).state, \(t).attempts,
        reel_us(\(t).created_at) AS created_us, reel_us(\(t).next_attempt_at) AS next_us,
        reel_us(\(t).last_attempt_at) AS last_us, \(t).last_status, \(t).last_response,
        reel_us(\(t).delivered_at) AS delivered_us
        """
    }

    /// $1 now, $2 limit, $3 lease (µs). The state literal stays in the SQL so the partial index is used.
    static let claim = PGStatement(name: "webhook_claim", sql: """
        WITH due AS (
            SELECT id FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= reel_now($1)
            ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
        UPDATE webhook_deliveries d SET attempts = d.attempts + 1,
            next_attempt_at = reel_now($1) + $3 * interval '1 microsecond'
        FROM due WHERE d.id = due.id
        RETURNING \(columns("d"))
        """)

    /// $1 id, $2 attempt, $3 state, $4 body, $5 status, $6 response, $7 next attempt (µs; NULL keeps it), $8 now.
    /// Fenced on the attempt: a result from a deliverer whose claim ran out changes nothing.
    static let record = PGStatement(name: "webhook_record", sql: """
        UPDATE webhook_deliveries SET state = $3, body = coalesce(body, $4), last_status = $5::integer,
            last_response = left($6, 1024), last_attempt_at = reel_now($8),
            next_attempt_at = coalesce(timestamptz 'epoch' + $7::bigint * interval '1 microsecond', next_attempt_at),
            delivered_at = CASE WHEN $3 = 'delivered' THEN reel_now($8) END
        WHERE id = $1 AND attempts = $2 AND state = 'pending'
        RETURNING id
        """)

    /// $1 job.
    static let list = PGStatement(name: "webhook_list", sql: """
        SELECT \(columns("w")) FROM webhook_deliveries w WHERE job_id = $1 ORDER BY id
        """)

    /// $1 job, $2 url (NULL clears it).
    static let setURL = PGStatement(name: "job_webhook_set", sql: """
        UPDATE jobs SET webhook_url = $2 WHERE id = $1 RETURNING id
        """)
}
