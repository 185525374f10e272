// Table `queue_events` (schema/0001_queue.up.sql), written only by the state-change triggers:
//   CREATE TABLE queue_events (id bigserial PRIMARY KEY, job_id bigint REFERENCES jobs, segment_index integer,
//     from_state text, to_state text, worker_id text, message text, at timestamptz)

/// Statements on `queue_events`.
enum EventSQL {
    /// $1 job.
    static let listForJob = PGStatement(name: "event_list_for_job", sql: """
        SELECT id, job_id, segment_index, from_state, to_state, worker_id, message, reel_us(at) AS at_us
        FROM queue_events WHERE job_id = $1 ORDER BY id
        """)
}
