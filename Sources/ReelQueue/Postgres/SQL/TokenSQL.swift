// Table `api_tokens` (schema/0008_api_tokens.up.sql):
//   CREATE TABLE api_tokens (id bigserial PRIMARY KEY, user_name, scope, token_hash (UNIQUE), webhook_secret text,
//     created_at, expires_at, revoked_at, last_used_at timestamptz, requests_per_minute, max_active_jobs integer,
//     max_queued_frames bigint, media_roots text[], output_root text, …CHECKs)

/// Statements on `api_tokens`. The token text never reaches the database: only its hash, as a parameter.
enum TokenSQL {
    /// The columns `PostgresTokenStore.record(from:)` decodes (never the hash or the secret).
    static let columns = """
        id, user_name, scope, reel_us(created_at) AS created_us, reel_us(expires_at) AS expires_us,
        reel_us(revoked_at) AS revoked_us, reel_us(last_used_at) AS last_used_us, requests_per_minute,
        max_active_jobs, max_queued_frames, to_json(media_roots)::text AS media_roots, output_root
        """

    /// $1 user, $2 scope, $3 hash, $4 webhook secret, $5 now, $6 expiry µs (NULL = never), $7 requests per minute,
    /// $8 max active jobs, $9 max queued frames, $10 media roots, $11 output root.
    static let insert = PGStatement(name: "token_insert", sql: """
        INSERT INTO api_tokens (user_name, scope, token_hash, webhook_secret, created_at, expires_at,
            requests_per_minute, max_active_jobs, max_queued_frames, media_roots, output_root)
        VALUES ($1, $2, $3, $4, reel_now($5), timestamptz 'epoch' + $6::bigint * interval '1 microsecond',
            $7, $8, $9, $10::text[], $11)
        RETURNING \(columns)
        """)

    static let list = PGStatement(name: "token_list", sql: "SELECT \(columns) FROM api_tokens ORDER BY id")

    /// $1 id, $2 now. Only a token not yet revoked.
    static let revoke = PGStatement(name: "token_revoke", sql: """
        UPDATE api_tokens SET revoked_at = reel_now($2) WHERE id = $1 AND revoked_at IS NULL RETURNING id
        """)

    /// $1 id.
    static let exists = PGStatement(name: "token_exists", sql: "SELECT id FROM api_tokens WHERE id = $1")

    /// $1 hash, $2 now. Looks a usable token up by its hash (the unique index) and records its use, in one
    /// statement: a revoked or expired token matches no row.
    static let resolve = PGStatement(name: "token_resolve", sql: """
        UPDATE api_tokens SET last_used_at = reel_now($2)
        WHERE token_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > reel_now($2))
        RETURNING \(columns), token_hash
        """)

    /// $1 id.
    static let webhookSecret = PGStatement(name: "token_webhook_secret",
                                           sql: "SELECT webhook_secret FROM api_tokens WHERE id = $1")
}
