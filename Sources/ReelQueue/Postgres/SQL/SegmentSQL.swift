// Table `segments` (schema/0001_queue.up.sql):
//   CREATE TABLE segments (id bigserial PRIMARY KEY, job_id bigint REFERENCES jobs, segment_index integer,
//     frame_start, frame_end, sample_start, sample_end bigint, content_hash text, payload bytea, state text,
//     priority integer, required_tags text[], attempt, max_attempts integer, lease_token uuid, leased_by text,
//     lease_expires_at, scheduled_at timestamptz, errors jsonb, part_location text, reused_from bigint,
//     render_frames, render_us bigint, finished_at timestamptz, …CHECKs)
//   owner text (0011: the job's), CREATE INDEX segments_claim_by_owner ON segments (owner, priority DESC,
//     scheduled_at, id) WHERE state = 'available' (0011, replacing segments_claim),
//   CREATE INDEX segments_running_by_owner ON segments (owner) INCLUDE (frame_start, frame_end)
//     WHERE state = 'running' AND leased_by IS NOT NULL (0011)
//
// State literals stay in the SQL text: a generic plan with `state = $n` cannot use the partial indexes.
// `$now` parameters are microseconds since 1970, or NULL for the server's now() (see reel_now).

/// Statements on `segments`.
enum SegmentSQL {
    /// The columns `PostgresSegmentQueue.segment(from:)` decodes.
    static let columns = """
        id, job_id, segment_index, frame_start, frame_end, sample_start, sample_end, content_hash, state,
        priority, attempt, max_attempts, lease_token, leased_by, reel_us(lease_expires_at) AS lease_expires_us,
        reel_us(scheduled_at) AS scheduled_us, errors::text AS errors, part_location, reused_from, render_frames,
        render_us, reel_us(finished_at) AS finished_us, progress_frames, reel_us(claimed_at) AS claimed_us, claim_wait_us
        """

    /// $1 job, $2 priority, $3 tags, $4 max_attempts, $5 now; $6… arrays: index, frame start/end,
    /// sample start/end, hash, reused_from, part_location. The owner is copied from the job (fair share, migration
    /// 0011). (The `payload` column keeps its empty default: nothing sets it.)
    static let insertMany = PGStatement(name: "segment_insert_many", sql: """
        INSERT INTO segments (job_id, segment_index, frame_start, frame_end, sample_start, sample_end, content_hash,
            state, priority, required_tags, max_attempts, scheduled_at, reused_from, part_location, finished_at, owner)
        SELECT $1, v.idx, v.f0, v.f1, v.s0, v.s1, v.hash,
            CASE WHEN v.reused IS NULL THEN 'available' ELSE 'done' END, $2, $3::text[], $4, reel_now($5),
            v.reused, v.part, CASE WHEN v.reused IS NULL THEN NULL ELSE reel_now($5) END,
            (SELECT owner FROM jobs WHERE id = $1)
        FROM unnest($6::int[], $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[], $11::text[],
                    $12::bigint[], $13::text[]) AS v(idx, f0, f1, s0, s1, hash, reused, part)
        """)

    /// $1 hashes: the newest done part per content hash.
    static let donePartsByHash = PGStatement(name: "segment_done_parts_by_hash", sql: """
        SELECT DISTINCT ON (content_hash) content_hash, id, part_location FROM segments
        WHERE state = 'done' AND content_hash = ANY($1::text[])
        ORDER BY content_hash, finished_at DESC
        """)

    /// `coalesce(…, false)` changes nothing (neither side is NULL) but hides the tag test from the planner's estimate
    /// (0.5 instead of 0.005), which otherwise expects a handful of rows and sorts the owner's whole range.
    private static let claimableTags = "coalesce(required_tags <@ $4::text[], false)"

    /// $1 now, $2 limit, $3 worker, $4 worker tags, $5 lease µs, $6 the caller's lease token. When segments
    /// already run under $6 (the same claim rerun after its reply was lost), it returns those and claims nothing.
    ///
    /// Fair share (docs/queue-states.md): `g` is every (priority, owner) with an active job (`jobs_active`), ordered
    /// by that priority, then the owner's running frames over its weight (`segments_running_by_owner`), then the
    /// group's oldest active job. `c` takes up to $2 segments from the groups in that order, each group's in its claim
    /// order (`segments_claim_by_owner`), locking only what it takes: the nested loop over the ordered groups stops at
    /// the limit, so one claim reads O(groups + running segments) rows and descends the claim index once per group
    /// it visits. A segment's priority is always its job's (`JobSQL.setPriority` moves them all), so every claimable
    /// segment is in a group. The rank is carried as its three keys, not a window function: one sort fewer.
    /// `MemoryState.fairOrder` is the twin.
    static let claim = PGStatement(name: "segment_claim", sql: """
        WITH mine AS (
            SELECT id FROM segments
            WHERE lease_expires_at IS NOT NULL AND lease_token = $6 AND state = 'running'
        ), c AS (
            SELECT x.id, g.share, g.first FROM (
                SELECT p.owner, p.priority, coalesce(l.frames, 0)::float8 / coalesce(w.weight, 1) AS share, p.first
                FROM (SELECT owner, priority, min(id) AS first FROM jobs
                      WHERE state IN ('queued', 'running', 'stitching') GROUP BY owner, priority) p
                LEFT JOIN (SELECT owner, sum(frame_end - frame_start) AS frames FROM segments
                           WHERE state = 'running' AND leased_by IS NOT NULL GROUP BY owner) l ON l.owner = p.owner
                LEFT JOIN owner_shares w ON w.owner = p.owner
                WHERE NOT EXISTS (SELECT 1 FROM mine)
                ORDER BY p.priority DESC, share, p.first
            ) g
            CROSS JOIN LATERAL (
                SELECT id FROM segments
                WHERE owner = g.owner AND priority = g.priority AND state = 'available'
                  AND scheduled_at <= reel_now($1) AND \(claimableTags)
                ORDER BY scheduled_at, id
                LIMIT $2
                FOR UPDATE SKIP LOCKED
            ) x
            LIMIT $2
        ), s AS (
            UPDATE segments s SET state = 'running', attempt = s.attempt + 1, lease_token = $6,
                leased_by = $3, lease_expires_at = reel_now($1) + $5::bigint * interval '1 microsecond',
                progress_frames = 0, claimed_at = reel_now($1),
                claim_wait_us = GREATEST(0, reel_us(reel_now($1)) - reel_us(GREATEST(s.scheduled_at, s.available_at)))
            FROM c WHERE s.id = c.id
            RETURNING s.*, c.share, c.first
        ), j AS (
            UPDATE jobs SET state = 'running', started_at = coalesce(started_at, reel_now($1))
            WHERE id IN (SELECT job_id FROM s) AND state = 'queued'
        )
        SELECT \(columns), share, first FROM s
        UNION ALL SELECT \(columns), NULL, NULL FROM segments WHERE id IN (SELECT id FROM mine)
        ORDER BY priority DESC, share, first, scheduled_us, id
        """)

    /// $1 id, $2 token, $3 now, $4 lease µs, $5 frames rendered so far (NULL: unchanged). Extends a running
    /// lease and records its progress; a canceled one answers its state only.
    static let heartbeat = PGStatement(name: "segment_heartbeat", sql: """
        UPDATE segments SET lease_expires_at = CASE WHEN state = 'running'
            THEN reel_now($3) + $4::bigint * interval '1 microsecond' ELSE lease_expires_at END,
            progress_frames = CASE WHEN state = 'running' AND $5::bigint IS NOT NULL
                THEN LEAST(GREATEST($5::bigint, 0), frame_end - frame_start) ELSE progress_frames END
        WHERE id = $1 AND lease_token = $2 AND state IN ('running', 'canceled')
        RETURNING state
        """)

    /// $1 id, $2 token, $3 part, $4 frames, $5 render µs, $6 now. A plain fenced update by primary key: asking
    /// here whether the job's last segment is done made the planner scan the job's done rows on every completion.
    static let complete = PGStatement(name: "segment_complete", sql: """
        UPDATE segments SET state = 'done', part_location = $3, render_frames = $4, render_us = $5,
            finished_at = reel_now($6), lease_expires_at = NULL
        WHERE id = $1 AND lease_token = $2 AND state = 'running'
        RETURNING job_id
        """)

    /// $1 id, $2 token: whether this lease already completed the segment (a rerun after a lost connection).
    /// The state is tested in the select list: `state = 'done'` in WHERE let the generic plan walk the
    /// (large) `segments_done_by_hash` partial index instead of the primary key.
    static let completedBy = PGStatement(name: "segment_completed_by", sql: """
        SELECT state = 'done' AS done FROM segments WHERE id = $1 AND lease_token = $2
        """)

    /// Records one attempt's error, then requeues with backoff or fails at max_attempts.
    /// Shared by `fail` and `rescue`: $now, $baseµs, $capµs and the message expression are spliced by name.
    /// The retry delay after `attempt` as an interval: `min(base · 2^(attempt−1), cap)` µs, the SQL twin of
    /// `Backoff.delay(afterAttempt:)`; segment failures and stitch rescues both wait it out.
    static func backoff(attempt: String, base: String, cap: String) -> String {
        "LEAST(\(base)::bigint * (1::bigint << LEAST(GREATEST(\(attempt) - 1, 0), 20)), \(cap)::bigint) "
            + "* interval '1 microsecond'"
    }

    private static func failSet(now: String, base: String, cap: String, message: String, kind: String,
                                permanent: String = "false") -> String {
        """
        errors = s.errors || jsonb_build_array(jsonb_build_object('attempt', s.attempt, 'message', \(message),
            'worker', s.leased_by, 'at_us', reel_us(reel_now(\(now))), 'kind', \(kind))),
        state = CASE WHEN s.attempt >= s.max_attempts OR \(permanent) THEN 'failed' ELSE 'available' END,
        scheduled_at = CASE WHEN s.attempt >= s.max_attempts OR \(permanent) THEN s.scheduled_at ELSE reel_now(\(now)) +
            \(backoff(attempt: "s.attempt", base: base, cap: cap)) END,
        lease_token = NULL, lease_expires_at = NULL
        """
    }

    private static let failReturning = """
        RETURNING s.id, s.job_id, s.segment_index, s.attempt, s.state, reel_us(s.scheduled_at) AS scheduled_us,
            s.errors -> -1 ->> 'message' AS message
        """

    /// $1 id, $2 token, $3 message, $4 now, $5 backoff base µs, $6 backoff cap µs, $7 permanent, $8 kind.
    static let fail = PGStatement(name: "segment_fail", sql: """
        UPDATE segments s SET \(failSet(now: "$4", base: "$5", cap: "$6", message: "$3::text", kind: "$8::text",
                                        permanent: "$7::boolean"))
        WHERE s.id = $1 AND s.lease_token = $2 AND s.state = 'running'
        \(failReturning)
        """)

    /// $1 now, $2 backoff base µs, $3 backoff cap µs, $4 limit.
    static let rescue = PGStatement(name: "segment_rescue", sql: """
        WITH x AS (
            SELECT id FROM segments WHERE state = 'running' AND lease_expires_at < reel_now($1)
            ORDER BY lease_expires_at, id LIMIT $4 FOR UPDATE SKIP LOCKED
        )
        UPDATE segments s SET \(failSet(now: "$1", base: "$2", cap: "$3",
                                        message: "'lease expired (worker ' || s.leased_by || ')'",
                                        kind: "'\(AttemptError.Kind.leaseExpired)'"))
        FROM x WHERE s.id = x.id AND s.state = 'running'
        \(failReturning)
        """)

    /// $1 job id, $2 segment ids, $3 message, $4 now, $5 worker: done segments whose parts are gone go back
    /// to available with their attempts reset and the message recorded (`stitchRequeue`).
    static let requeueDone = PGStatement(name: "segment_requeue_done", sql: """
        UPDATE segments s SET state = 'available', attempt = 0, part_location = NULL, reused_from = NULL,
            finished_at = NULL, scheduled_at = reel_now($4),
            errors = s.errors || jsonb_build_array(jsonb_build_object('attempt', s.attempt, 'message', $3::text,
                'worker', $5::text, 'at_us', reel_us(reel_now($4)), 'kind', '\(AttemptError.Kind.partMissing)')),
            lease_token = NULL, lease_expires_at = NULL
        WHERE s.job_id = $1 AND s.id = ANY($2::bigint[]) AND s.state = 'done'
        RETURNING s.id
        """)

    /// $1 id, $2 token, $3 wake-up channel, $4 now: back to available, giving the attempt back.
    static let release = PGStatement(name: "segment_release", sql: """
        WITH u AS (
            UPDATE segments SET state = 'available', attempt = attempt - 1, lease_token = NULL, lease_expires_at = NULL,
                available_at = reel_now($4)
            WHERE id = $1 AND lease_token = $2 AND state = 'running'
            RETURNING id
        )
        SELECT id, pg_notify($3, 'segment') FROM u
        """)

    /// $1 job: stops its waiting and running segments (the job is failing or being canceled).
    static let cancelForJob = PGStatement(name: "segment_cancel_for_job", sql: """
        UPDATE segments SET state = 'canceled' WHERE job_id = $1 AND state IN ('available', 'running')
        """)

    /// $1 job, $2 now: requeues failed and canceled segments with fresh attempts.
    static let retryForJob = PGStatement(name: "segment_retry_for_job", sql: """
        UPDATE segments SET state = 'available', attempt = 0, scheduled_at = reel_now($2), lease_token = NULL,
            lease_expires_at = NULL
        WHERE job_id = $1 AND state IN ('failed', 'canceled')
        """)

    /// Refreshes the planner's statistics (see `PostgresSegmentQueue.refreshStatistics`).
    static let analyze = PGStatement(name: "segment_analyze", sql: "ANALYZE segments")

    /// $1 job.
    static let listForJob = PGStatement(name: "segment_list_for_job", sql: """
        SELECT \(columns) FROM segments WHERE job_id = $1 ORDER BY segment_index
        """)

    /// $1 job ids, $2 now, $3 window µs: per job and state, counts, frames done and rendered, frames in progress
    /// and the frames rendered inside the job's recent window (`RecentRate`, whose twin this is).
    static let totalsForJobs = PGStatement(name: "segment_totals_for_jobs", sql: """
        SELECT j.id AS job_id, t.* FROM (
            SELECT id, active, we, we - $3::bigint * interval '1 microsecond' AS ws FROM (
                SELECT id, state IN ('queued', 'running', 'stitching') AS active,
                    CASE WHEN state IN ('queued', 'running', 'stitching') THEN reel_now($2)
                         ELSE coalesce(finished_at, reel_now($2)) END AS we
                FROM jobs WHERE id = ANY($1::bigint[])
            ) w
        ) j CROSS JOIN LATERAL (
            -- One index scan per job (segments_index_unique), whatever the planner guesses of $1's length.
            SELECT s.state, count(*) AS n, sum(s.frame_end - s.frame_start) AS frames,
                sum(CASE WHEN s.reused_from IS NULL THEN s.frame_end - s.frame_start ELSE 0 END) AS rendered,
                sum(s.progress_frames) AS progress, sum(\(windowFrames)) AS window_frames,
                max(reel_us(s.finished_at)) AS last_finished_us
            FROM segments s WHERE s.job_id = j.id
            GROUP BY s.state
        ) t
        """)

    /// One segment's frames inside its job's window `(j.ws, j.we]`: `RecentRate.frames(of:jobActive:end:)`.
    /// Durations are whole microseconds (`us(…)`) in float8, exact as in Swift, without numeric arithmetic.
    private static let windowFrames = """
        CASE
        WHEN s.state = 'done' AND s.reused_from IS NULL AND s.render_frames > 0 AND s.render_us IS NOT NULL
             AND s.finished_at > j.ws AND s.finished_at <= j.we THEN
            CASE WHEN s.render_us <= 0 THEN s.render_frames::float8
            ELSE s.render_frames::float8 * \(us("s.finished_at - GREATEST(s.finished_at - s.render_us * interval '1 microsecond', j.ws)"))
                / s.render_us::float8 END
        WHEN s.state = 'running' AND j.active AND s.progress_frames > 0 THEN
            CASE WHEN s.claimed_at IS NULL OR j.we <= s.claimed_at THEN s.progress_frames::float8
            ELSE s.progress_frames::float8 * \(us("j.we - GREATEST(s.claimed_at, j.ws)")) / \(us("j.we - s.claimed_at")) END
        ELSE 0::float8 END
        """

    /// An interval as whole microseconds in float8 (`date_part` is float8; `extract` would be numeric, slow).
    private static func us(_ interval: String) -> String { "round(date_part('epoch', \(interval)) * 1000000)" }

    /// $1 job ids: every recorded attempt error of those jobs.
    static let failuresForJobs = PGStatement(name: "segment_failures_for_jobs", sql: """
        SELECT s.job_id, s.segment_index, (e ->> 'attempt')::int AS attempt, e ->> 'message' AS message,
            e ->> 'worker' AS worker, (e ->> 'at_us')::bigint AS at_us, coalesce(e ->> 'kind', 'unknown') AS kind
        FROM segments s, jsonb_array_elements(s.errors) e
        WHERE s.job_id = ANY($1::bigint[]) AND s.errors <> '[]'
        ORDER BY s.job_id, at_us, s.segment_index, attempt
        """)

    /// $1 hashes (NULL = all). The content hashes of every segment of an active job (`reel gc` keeps their parts).
    static let activeHashes = PGStatement(name: "segment_active_hashes", sql: """
        SELECT DISTINCT s.content_hash FROM jobs j JOIN segments s ON s.job_id = j.id
        WHERE j.state IN ('queued', 'running', 'stitching')
          AND ($1::text[] IS NULL OR s.content_hash = ANY($1::text[]))
        """)
}
