// Reads every table (schema/0001_queue.up.sql, 0004_monitoring.up.sql) for `metricsSample`.

/// The farm-wide snapshot: one statement of labelled rows, aggregated in the database, with one scan of
/// `segments` (grouping sets) whatever its size.
enum MetricsSQL {
    /// The bucket of a duration `v` in µs, given `$2` = the histogram's bounds in µs negated and ascending:
    /// `width_bucket` counts the bounds ≥ v, so this is the index of the first bound v does not exceed
    /// (`QueueHistogram.bucket(microseconds:)`), or the bound count for `+Inf`.
    private static func bucket(_ v: String) -> String {
        "cardinality($2::bigint[]) - width_bucket(-(\(v)), $2::bigint[])"
    }

    /// Per segment: its state, its render-time bucket (done, rendered), claim-wait bucket, and the minute of the
    /// last hour it reached done in (0 = oldest; minute i is `(now − 1 h + i min, now − 1 h + (i + 1) min]`,
    /// found with `width_bucket` on thresholds 1 µs after each minute's start).
    private static let perSegment = """
        SELECT s.state, s.frame_end - s.frame_start AS frames, s.reused_from IS NULL AS rendered, s.render_us,
            s.claim_wait_us,
            CASE WHEN s.state = 'done' AND s.reused_from IS NULL AND s.render_us IS NOT NULL
                 THEN \(bucket("s.render_us")) END AS rb,
            CASE WHEN s.claim_wait_us IS NOT NULL THEN \(bucket("s.claim_wait_us")) END AS cb,
            CASE WHEN s.state = 'done' AND s.reused_from IS NULL AND s.finished_at > t.now - interval '1 hour'
                      AND s.finished_at <= t.now THEN width_bucket(s.finished_at, t.minutes) - 1 END AS mb,
            CASE WHEN s.state = 'available' AND s.scheduled_at <= t.now
                 THEN GREATEST(s.scheduled_at, s.available_at) END AS waiting_since
        FROM segments s, t
        """

    /// $1 now, $2 histogram bounds (µs, negated, ascending). Rows (m, k, n, a, b):
    /// - `segment`, state, count, rendered frames, reused frames, and in c the earliest instant (µs) a
    ///   claimable segment has waited since (the `available` row; NULL when none waits);
    /// - `render` / `claim` / `stitch`, bucket, count, sum µs (render time of done rendered segments,
    ///   the latest claim wait of every segment, the stitch time of done jobs);
    /// - `minute`, 0…59, count, frames that reached done segments (rendered) in that minute of the last hour;
    /// - `job`, state, count; `failure`, kind, count (every recorded attempt error; then `stitch`, jobs that
    ///   failed in their stitch step: `jobFail` and `rescueExpired` write errors starting "stitch"); `now`, –, –, now µs.
    static let sample = PGStatement(name: "metrics_sample", sql: """
        WITH t AS MATERIALIZED (
            SELECT reel_now($1) AS now, ARRAY(SELECT reel_now($1) - interval '1 hour' + g * interval '1 minute'
                + interval '1 microsecond' FROM generate_series(0, 60) g) AS minutes
        ), cell AS (
            -- One hashed pass over segments into few cells; the grouping sets then sort only those.
            SELECT state, rb, cb, mb, count(*) AS n, sum(frames) FILTER (WHERE rendered) AS rendered_frames,
                sum(frames) FILTER (WHERE NOT rendered) AS reused_frames, sum(frames) AS frames,
                sum(render_us) AS render_us, sum(claim_wait_us) AS claim_wait_us, min(waiting_since) AS waiting_since
            FROM (\(perSegment)) x
            GROUP BY state, rb, cb, mb
        )
        SELECT CASE WHEN GROUPING(state) = 0 THEN 'segment' WHEN GROUPING(rb) = 0 THEN 'render'
                    WHEN GROUPING(cb) = 0 THEN 'claim' ELSE 'minute' END AS m,
            coalesce(state, rb::text, cb::text, mb::text) AS k, sum(n)::bigint AS n,
            CASE WHEN GROUPING(state) = 0 THEN coalesce(sum(rendered_frames), 0)
                 WHEN GROUPING(rb) = 0 THEN sum(render_us) WHEN GROUPING(cb) = 0 THEN sum(claim_wait_us)
                 ELSE sum(frames) END::bigint AS a,
            coalesce(sum(reused_frames), 0)::bigint AS b, reel_us(min(waiting_since)) AS c
        FROM cell GROUP BY GROUPING SETS ((state), (rb), (cb), (mb))
        HAVING GROUPING(state) = 0 OR coalesce(rb, cb, mb) IS NOT NULL
        UNION ALL
        SELECT 'job', state, count(*), 0, 0, NULL FROM jobs GROUP BY state
        UNION ALL
        SELECT 'stitch', (\(bucket("stitch_us")))::text, count(*), sum(stitch_us)::bigint, 0, NULL FROM jobs
        WHERE stitch_us IS NOT NULL GROUP BY 2
        UNION ALL
        SELECT 'failure', coalesce(e ->> 'kind', 'unknown'), count(*), 0, 0, NULL
        FROM segments s, jsonb_array_elements(s.errors) e WHERE s.errors <> '[]' GROUP BY 2
        UNION ALL
        SELECT 'failure', '\(AttemptError.Kind.stitch)', count(*), 0, 0, NULL FROM jobs
        WHERE state = 'failed' AND error LIKE 'stitch%' HAVING count(*) > 0
        UNION ALL
        SELECT 'now', NULL, 0, reel_us(reel_now($1)), 0, NULL
        """)
}
