// No table of its own: an owner's load is read from `jobs` and `segments` (schema/0014_owner_caps.up.sql adds the
// index of the first count; the second walks segments_claim_by_owner and segments_running_by_owner from 0011).

/// Statements of the owner caps (`OwnerCaps`), run in the transaction that inserts or requeues a job.
enum CapSQL {
    /// $1 owner. Holds the owner's transaction-scoped advisory lock until commit or rollback, so two submissions
    /// of one owner count and insert one after the other (each sees the other's job), while other owners never
    /// wait. The key is the schema's and the owner's, so farms sharing a database keep their locks apart.
    static let lock = PGStatement(name: "cap_lock", sql: """
        SELECT pg_advisory_xact_lock(hashtextextended('reel owner ' || current_schema() || ' ' || $1::text, 0))
        """)

    /// $1 owner: its active jobs, and the frames of its segments waiting or rendering.
    static let load = PGStatement(name: "cap_load", sql: """
        SELECT (SELECT count(*) FROM jobs WHERE owner = $1 AND state IN ('queued', 'running', 'stitching')) AS active_jobs,
            (SELECT coalesce(sum(frame_end - frame_start), 0) FROM segments
             WHERE owner = $1 AND state IN ('available', 'running')) AS queued_frames
        """)

    /// $1 job: the frames a retry makes wait again (its failed and canceled segments, as `SegmentSQL.retryForJob`).
    static let retryFrames = PGStatement(name: "cap_retry_frames", sql: """
        SELECT coalesce(sum(frame_end - frame_start), 0) AS frames FROM segments
        WHERE job_id = $1 AND state IN ('failed', 'canceled')
        """)
}
