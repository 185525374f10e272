-- Idempotency keys of POST /api/v1/jobs (reel serve): a submission retried with the same Idempotency-Key and
-- the same body answers the job the first one queued instead of queuing a second. One row per owner and key;
-- the primary key makes two racing submissions with one key one claim (INSERT … ON CONFLICT), never a read
-- followed by an insert. A key is kept 24 hours; after that the next use of it claims it afresh.
CREATE TABLE idempotency_keys (
    owner        text NOT NULL DEFAULT '',
    key          text NOT NULL,
    request_hash text NOT NULL,
    job_id       bigint REFERENCES jobs (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL,
    PRIMARY KEY (owner, key),
    CONSTRAINT idempotency_keys_key_length CHECK (length(key) BETWEEN 1 AND 255),
    CONSTRAINT idempotency_keys_hash_hex CHECK (request_hash ~ '^[0-9a-f]{64}$')
);

-- Expired keys are claimed again by their next use; this index lets an operator's sweep find old ones.
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
