// Reads every table (schema/0001_queue.up.sql, 0004_monitoring.up.sql) for `metricsSample`.

/// The farm-wide snapshot: one statement of labelled rows, aggregated in the database.
enum MetricsSQL {
    /// The bucket of a duration `v` in µs, given `$2` = the histogram's bounds in µs negated and ascending:
    /// `width_bucket` counts the bounds ≥ v, so this is the index of the first bound v does not exceed
    /// (`QueueHistogram.bucket(microseconds:)`), or the bound count for `+Inf`.
    private static func bucket(_ v: String) -> String {
        "(cardinality($2::bigint[]) - width_bucket(-(\(v)), $2::bigint[]))::text"
    }

    /// $1 now, $2 histogram bounds (µs, negated, ascending). Rows (m, k, n, a, b):
    /// - `job`, state, count; `segment`, state, count, rendered frames, reused frames;
    /// - `render` / `claim` / `stitch`, bucket, count, sum µs (render time of done rendered segments,
    ///   the latest claim wait of every segment, the stitch time of done jobs);
    /// - `oldest`, –, count, the earliest instant (µs) a claimable segment has waited since;
    /// - `failure`, kind, count (every recorded attempt error); `minute`, 0…59, –, frames that reached
    ///   done segments (rendered) in that minute of the last hour, oldest first; `now`, –, –, now µs.
    static let sample = PGStatement(name: "metrics_sample", sql: """
        SELECT 'job' AS m, state AS k, count(*) AS n, 0::bigint AS a, 0::bigint AS b FROM jobs GROUP BY state
        UNION ALL
        SELECT 'segment', state, count(*),
            coalesce(sum(frame_end - frame_start) FILTER (WHERE reused_from IS NULL), 0)::bigint,
            coalesce(sum(frame_end - frame_start) FILTER (WHERE reused_from IS NOT NULL), 0)::bigint
        FROM segments GROUP BY state
        UNION ALL
        SELECT 'render', \(bucket("render_us")), count(*), sum(render_us)::bigint, 0 FROM segments
        WHERE state = 'done' AND reused_from IS NULL AND render_us IS NOT NULL GROUP BY 2
        UNION ALL
        SELECT 'claim', \(bucket("claim_wait_us")), count(*), sum(claim_wait_us)::bigint, 0 FROM segments
        WHERE claim_wait_us IS NOT NULL GROUP BY 2
        UNION ALL
        SELECT 'stitch', \(bucket("stitch_us")), count(*), sum(stitch_us)::bigint, 0 FROM jobs
        WHERE stitch_us IS NOT NULL GROUP BY 2
        UNION ALL
        SELECT 'oldest', NULL, count(*), coalesce(min(reel_us(GREATEST(scheduled_at, available_at))), 0), 0
        FROM segments WHERE state = 'available' AND scheduled_at <= reel_now($1)
        UNION ALL
        SELECT 'failure', coalesce(e ->> 'kind', 'unknown'), count(*), 0, 0
        FROM segments s, jsonb_array_elements(s.errors) e WHERE s.errors <> '[]' GROUP BY 2
        UNION ALL
        SELECT 'minute', ((reel_us(finished_at) - reel_us(reel_now($1)) + 3600000000 - 1) / 60000000)::text, 0,
            sum(frame_end - frame_start)::bigint, 0
        FROM segments WHERE state = 'done' AND reused_from IS NULL
            AND finished_at > reel_now($1) - interval '1 hour' AND finished_at <= reel_now($1)
        GROUP BY 2
        UNION ALL
        SELECT 'now', NULL, 0, reel_us(reel_now($1)), 0
        """)
}
