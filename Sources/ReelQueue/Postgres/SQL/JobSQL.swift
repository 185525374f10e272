// Table `jobs` (schema/0001_queue.up.sql):
//   CREATE TABLE jobs (id bigserial PRIMARY KEY, name, owner, composition, output_location text, state text,
//     priority, max_attempts integer, required_tags text[], segment_count integer, frame_count bigint, error text,
//     stitch_attempt integer, stitch_lease_token uuid, stitch_leased_by text, stitch_lease_expires_at,
//     created_at, started_at, finished_at timestamptz, …CHECKs)
//   CREATE INDEX jobs_active ON jobs (priority DESC, id) WHERE state IN ('queued', 'running', 'stitching');

/// Statements on `jobs`.
enum JobSQL {
    /// The columns `PostgresSegmentQueue.job(from:)` decodes.
    static let columns = """
        id, name, owner, composition, output_location, state, priority, max_attempts,
        to_json(required_tags)::text AS required_tags, segment_count, frame_count, error, stitch_attempt,
        reel_us(created_at) AS created_us, reel_us(started_at) AS started_us, reel_us(finished_at) AS finished_us,
        reel_us(stitch_started_at) AS stitch_started_us, stitch_us, output_bytes, stitched_segments,
        loudness::text AS loudness, webhook_url, token_id
        """

    /// $1 name, $2 owner, $3 composition, $4 output, $5 priority, $6 max_attempts, $7 tags, $8 segments,
    /// $9 frames, $10 now, $11 webhook URL. A job of `reel submit --db` or the operator's token: the submit role
    /// may not name a token (`insertByToken`), or it could borrow that token's webhook signature.
    static let insert = PGStatement(name: "job_insert", sql: """
        INSERT INTO jobs (name, owner, composition, output_location, priority, max_attempts, required_tags,
            segment_count, frame_count, created_at, webhook_url)
        VALUES ($1, $2, $3, $4, $5, $6, $7::text[], $8, $9, reel_now($10), $11)
        RETURNING id
        """)

    /// `insert` with $12 the API token that submits the job (`POST /api/v1/jobs`), whose secret signs its webhooks.
    /// Only the API role may write `token_id` (`RoleSQL.apiJobColumns`).
    static let insertByToken = PGStatement(name: "job_insert_by_token", sql: """
        INSERT INTO jobs (name, owner, composition, output_location, priority, max_attempts, required_tags,
            segment_count, frame_count, created_at, webhook_url, token_id)
        VALUES ($1, $2, $3, $4, $5, $6, $7::text[], $8, $9, reel_now($10), $11, $12)
        RETURNING id
        """)

    /// $1 channel, $2 payload. Wakes workers (inside the writing transaction, so it is sent on commit).
    static let notifyWork = PGStatement(name: "job_notify_work", sql: "SELECT pg_notify($1, $2)")

    /// The owner test of every statement a principal runs (`JobAccess`): `$n` NULL for any job (operate and admin
    /// scopes, the CLI), else the only owner whose jobs it finds. It is in the SQL, not checked after a read, so
    /// another user's job is simply not there.
    static func owned(by parameter: String) -> String { "(\(parameter)::text IS NULL OR owner = \(parameter)::text)" }

    /// $1 id, $2 owner (NULL = any).
    static let get = PGStatement(name: "job_get", sql: "SELECT \(columns) FROM jobs WHERE id = $1 AND \(owned(by: "$2"))")

    /// $1 job, $2 priority, $3 owner (NULL = any). Returns the previous priority; all the job's segments follow in the
    /// same statement (only when the job row was found, so another owner's segments keep theirs), done ones too: a
    /// segment's priority is always its job's, which the fair-share claim's groups rely on (a part the stitcher sends
    /// back is claimable in its job's group).
    static let setPriority = PGStatement(name: "job_set_priority", sql: """
        WITH old AS (SELECT id, priority FROM jobs WHERE id = $1 AND \(owned(by: "$3")) FOR UPDATE),
             j AS (UPDATE jobs SET priority = $2 FROM old WHERE jobs.id = old.id RETURNING old.priority AS previous),
             s AS (UPDATE segments SET priority = $2 FROM old
                   WHERE segments.job_id = old.id AND segments.priority <> $2)
        SELECT previous FROM j
        """)

    /// $1 id, $2 owner (NULL = any): locks the row.
    static let lock = PGStatement(name: "job_lock",
                                  sql: "SELECT state FROM jobs WHERE id = $1 AND \(owned(by: "$2")) FOR UPDATE")

    /// $1 states (empty = all), $2 limit, $3 name pattern for ILIKE (NULL = all; `\\` escapes), $4 offset,
    /// $5 owner (NULL = all).
    static let list = PGStatement(name: "job_list", sql: """
        SELECT \(columns) FROM jobs
        WHERE (cardinality($1::text[]) = 0 OR state = ANY($1::text[]))
          AND ($3::text IS NULL OR name ILIKE $3::text ESCAPE '\\')
          AND \(owned(by: "$5"))
        ORDER BY id DESC LIMIT $2 OFFSET $4
        """)

    /// $1 id, $2 final state ('failed' or 'canceled'), $3 reason, $4 now. Only an active job stops.
    static let stop = PGStatement(name: "job_stop", sql: """
        UPDATE jobs SET state = $2, error = $3, finished_at = reel_now($4), stitch_lease_token = NULL,
            stitch_leased_by = NULL, stitch_lease_expires_at = NULL
        WHERE id = $1 AND state IN ('queued', 'running', 'stitching')
        RETURNING id
        """)

    /// $1 id.
    static let requeue = PGStatement(name: "job_requeue", sql: """
        UPDATE jobs SET state = 'queued', error = NULL, finished_at = NULL
        WHERE id = $1 AND state IN ('failed', 'canceled')
        """)

    /// $1 now, $2 worker, $3 lease µs, $4 worker tags, $5 rolling, $6 from the first claim. A job whose stitch step is
    /// free (never leased, or rescued with its backoff over) and whose segments are all done; with $5, also a running
    /// job whose first segment (the lowest index: a `--range` job starts past 0) is done, or with $6 running (the
    /// rolling stitch). SKIP LOCKED and the state recheck give it to exactly
    /// one caller. A job whose segments are all done enters 'stitching' (and its stitch clock starts); a
    /// rolling claim of a job still rendering leaves it 'running'.
    static let stitchClaim = PGStatement(name: "job_stitch_claim", sql: """
        WITH c AS (
            SELECT id AS claim_id,
                NOT EXISTS (SELECT 1 FROM segments s WHERE s.job_id = j.id AND s.state <> 'done') AS all_done
            FROM jobs j
            WHERE state IN ('queued', 'running', 'stitching')
              AND (stitch_leased_by IS NULL OR (stitch_leased_by = '' AND stitch_lease_expires_at <= reel_now($1)))
              AND (state = 'stitching'
                OR NOT EXISTS (SELECT 1 FROM segments s WHERE s.job_id = j.id AND s.state <> 'done')
                OR ($5::boolean AND state = 'running' AND (SELECT s.state = 'done' OR ($6::boolean AND s.state = 'running')
                    FROM segments s WHERE s.job_id = j.id ORDER BY s.segment_index LIMIT 1)))
              AND required_tags <@ $4::text[]
            ORDER BY priority DESC, id
            LIMIT 1
            FOR UPDATE SKIP LOCKED
        )
        UPDATE jobs j SET state = CASE WHEN c.all_done THEN 'stitching' ELSE j.state END,
            stitch_attempt = j.stitch_attempt + 1, stitched_segments = 0,
            stitch_lease_token = gen_random_uuid(), stitch_leased_by = $2,
            stitch_started_at = CASE WHEN c.all_done THEN reel_now($1) ELSE j.stitch_started_at END,
            stitch_lease_expires_at = reel_now($1) + $3::bigint * interval '1 microsecond'
        FROM c WHERE j.id = c.claim_id
        RETURNING \(columns), stitch_lease_token
        """)

    /// $1 now, $2 backoff base µs, $3 backoff cap µs. Stitch steps whose lease expired: the attempt's error
    /// goes into `error`; at `max_attempts` the job fails, else the step is marked rescued (`stitch_leased_by`
    /// empty, a fresh token nobody holds) until its backoff is over, when `stitchClaim` hands it out again.
    static let stitchRescue = PGStatement(name: "job_stitch_rescue", sql: """
        WITH x AS (
            SELECT id, stitch_attempt >= max_attempts AS exhausted,
                'stitch attempt ' || stitch_attempt || ': lease expired (worker ' || stitch_leased_by || ')' AS message
            FROM jobs WHERE state IN ('running', 'stitching') AND stitch_leased_by <> ''
              AND stitch_lease_expires_at < reel_now($1)
            ORDER BY id FOR UPDATE SKIP LOCKED
        )
        UPDATE jobs j SET
            state = CASE WHEN x.exhausted THEN 'failed' ELSE j.state END,
            error = x.message || CASE WHEN x.exhausted THEN '; no stitch attempts left' ELSE '' END,
            finished_at = CASE WHEN x.exhausted THEN reel_now($1) END,
            stitch_lease_token = CASE WHEN x.exhausted THEN NULL ELSE gen_random_uuid() END,
            stitch_leased_by = CASE WHEN x.exhausted THEN NULL ELSE '' END,
            stitch_lease_expires_at = CASE WHEN x.exhausted THEN NULL
                ELSE reel_now($1) + \(SegmentSQL.backoff(attempt: "j.stitch_attempt", base: "$2", cap: "$3")) END
        FROM x WHERE j.id = x.id
        RETURNING j.id
        """)

    /// $1 id, $2 token, $3 message. Fenced by the stitch lease (a rolling one too): the job back to running.
    static let stitchRequeueJob = PGStatement(name: "job_stitch_requeue", sql: """
        UPDATE jobs j SET state = 'running', error = $3, stitch_lease_token = NULL, stitch_leased_by = NULL,
            stitch_lease_expires_at = NULL
        FROM (SELECT stitch_leased_by AS worker FROM jobs WHERE id = $1) w
        WHERE j.id = $1 AND j.stitch_lease_token = $2 AND j.state IN ('running', 'stitching')
        RETURNING w.worker
        """)

    /// $1 id, $2 token, $3 now, $4 lease µs.
    static let stitchHeartbeat = PGStatement(name: "job_stitch_heartbeat", sql: """
        UPDATE jobs SET stitch_lease_expires_at = reel_now($3) + $4::bigint * interval '1 microsecond'
        WHERE id = $1 AND stitch_lease_token = $2 AND state IN ('running', 'stitching')
        RETURNING id
        """)

    /// $1 id, $2 token, $3 now, $4 lease µs, $5 parts appended. A heartbeat that records the rolling stitch's
    /// prefix; once every segment is done the job enters 'stitching' (its stitch clock starts).
    static let stitchProgress = PGStatement(name: "job_stitch_progress", sql: """
        WITH d AS (
            SELECT NOT EXISTS (SELECT 1 FROM segments s WHERE s.job_id = $1 AND s.state <> 'done') AS all_done
        )
        UPDATE jobs j SET stitch_lease_expires_at = reel_now($3) + $4::bigint * interval '1 microsecond',
            stitched_segments = $5,
            state = CASE WHEN d.all_done THEN 'stitching' ELSE j.state END,
            stitch_started_at = CASE WHEN d.all_done AND j.state = 'running' THEN reel_now($3)
                ELSE j.stitch_started_at END
        FROM d
        WHERE j.id = $1 AND j.stitch_lease_token = $2 AND j.state IN ('running', 'stitching')
        RETURNING j.id
        """)

    /// $1 id, $2 token, $3 final state ('done' or 'failed'), $4 error, $5 now, $6 output bytes, $7 loudness (JSON).
    /// Fenced by the stitch lease; a done job records its stitch time, output size and loudness correction. Only a job in 'stitching' (every
    /// segment done) is done; a rolling stitcher may fail a job still running (a seam error).
    static let stitchFinish = PGStatement(name: "job_stitch_finish", sql: """
        UPDATE jobs SET state = $3, error = $4, finished_at = reel_now($5), stitch_lease_token = NULL,
            stitch_leased_by = NULL, stitch_lease_expires_at = NULL,
            stitch_us = CASE WHEN $3 = 'done' THEN reel_us(reel_now($5)) - reel_us(stitch_started_at) END,
            output_bytes = CASE WHEN $3 = 'done' THEN $6::bigint END,
            loudness = CASE WHEN $3 = 'done' THEN $7::jsonb END
        WHERE id = $1 AND stitch_lease_token = $2 AND (state = 'stitching' OR (state = 'running' AND $3 = 'failed'))
        RETURNING id
        """)

    /// $1 now.
    static let now = PGStatement(name: "job_now", sql: "SELECT reel_us(reel_now($1)) AS now_us")
}
