// Table `idempotency_keys` (schema/0009_idempotency_keys.up.sql):
//   CREATE TABLE idempotency_keys (owner, key, request_hash text, job_id bigint REFERENCES jobs, created_at
//     timestamptz, PRIMARY KEY (owner, key), …CHECKs)

/// Statements on `idempotency_keys`.
enum IdempotencySQL {
    /// $1 owner, $2 key, $3 request text, $4 lifetime µs, $5 abandon-after µs, $6 now. One row when claimed: a new
    /// key, an expired one, or one whose claimer never bound a job. A concurrent claim of the same key waits for the
    /// first to commit and then finds the row taken (no row returned).
    static let claim = PGStatement(name: "idempotency_claim", sql: """
        INSERT INTO idempotency_keys (owner, key, request_hash, created_at)
        VALUES ($1, $2, encode(sha256(convert_to($3, 'UTF8')), 'hex'), reel_now($6))
        ON CONFLICT (owner, key) DO UPDATE
            SET request_hash = EXCLUDED.request_hash, job_id = NULL, created_at = EXCLUDED.created_at
            WHERE idempotency_keys.created_at < reel_now($6) - $4 * interval '1 microsecond'
               OR (idempotency_keys.job_id IS NULL
                   AND idempotency_keys.created_at < reel_now($6) - $5 * interval '1 microsecond')
        RETURNING key
        """)

    /// $1 owner, $2 key, $3 request text. The key's job and whether it was claimed for the same request.
    static let find = PGStatement(name: "idempotency_find", sql: """
        SELECT job_id, request_hash = encode(sha256(convert_to($3, 'UTF8')), 'hex') AS same
        FROM idempotency_keys WHERE owner = $1 AND key = $2
        """)

    /// $1 owner, $2 key, $3 job id.
    static let bind = PGStatement(name: "idempotency_bind", sql: """
        UPDATE idempotency_keys SET job_id = $3 WHERE owner = $1 AND key = $2
        """)

    /// $1 owner, $2 key. Only a claim without a job: a key that names a job is never let go.
    static let release = PGStatement(name: "idempotency_release", sql: """
        DELETE FROM idempotency_keys WHERE owner = $1 AND key = $2 AND job_id IS NULL
        """)
}
