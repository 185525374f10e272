// Table `workers` (schema/0001_queue.up.sql):
//   CREATE TABLE workers (id text PRIMARY KEY, host text, pid integer, version text, tags text[],
//     started_at, last_seen_at timestamptz, current_segment_id bigint, recent_fps double precision,
//     segments_done bigint)

/// Statements on `workers`.
enum WorkerSQL {
    /// $1 id, $2 host, $3 pid, $4 version, $5 tags, $6 now.
    static let register = PGStatement(name: "worker_register", sql: """
        INSERT INTO workers (id, host, pid, version, tags, started_at, last_seen_at)
        VALUES ($1, $2, $3, $4, $5::text[], reel_now($6), reel_now($6))
        ON CONFLICT (id) DO UPDATE SET host = EXCLUDED.host, pid = EXCLUDED.pid, version = EXCLUDED.version,
            tags = EXCLUDED.tags, started_at = EXCLUDED.started_at, last_seen_at = EXCLUDED.last_seen_at,
            current_segment_id = NULL, recent_fps = NULL, state = 'running'
        """)

    /// $1 id, $2 state, $3 now.
    static let setState = PGStatement(name: "worker_set_state", sql: """
        UPDATE workers SET state = $2, last_seen_at = reel_now($3),
            current_segment_id = CASE WHEN $2 = 'stopped' THEN NULL ELSE current_segment_id END
        WHERE id = $1
        RETURNING id
        """)

    /// $1 now, $2 age µs.
    static let prune = PGStatement(name: "worker_prune", sql: """
        DELETE FROM workers WHERE last_seen_at < reel_now($1) - $2::bigint * interval '1 microsecond'
        RETURNING id
        """)

    /// $1 id, $2 current segment, $3 fps, $4 segments done since last, $5 now.
    static let heartbeat = PGStatement(name: "worker_heartbeat", sql: """
        UPDATE workers SET last_seen_at = reel_now($5), current_segment_id = $2, recent_fps = $3,
            segments_done = segments_done + $4
        WHERE id = $1
        RETURNING id
        """)

    static let list = PGStatement(name: "worker_list", sql: """
        SELECT id, host, pid, version, to_json(tags)::text AS tags, reel_us(started_at) AS started_us,
            reel_us(last_seen_at) AS last_seen_us, current_segment_id, recent_fps, segments_done, state
        FROM workers ORDER BY last_seen_at DESC, id
        """)
}
