-- API tokens (`reel token`, `reel serve`): one row per token, for one user and one scope. Only the token's
-- BLAKE2b-256 hash is stored (libsodium, ReelQueue's TokenCrypto); the token text is printed once, by
-- `reel token create`. webhook_secret is kept in clear because signing a delivery (HMAC) needs it: only the schema's
-- owner and the `<schema>_api` role may read this table, and the API role may write only last_used_at
-- (`reel db roles`, docs/hostile-inputs.md). NULL limits mean the server's defaults.
CREATE TABLE api_tokens (
    id                  bigserial PRIMARY KEY,
    user_name           text NOT NULL,
    scope               text NOT NULL,
    token_hash          text NOT NULL,
    webhook_secret      text NOT NULL,
    created_at          timestamptz NOT NULL,
    expires_at          timestamptz,
    revoked_at          timestamptz,
    last_used_at        timestamptz,
    requests_per_minute integer,
    max_active_jobs     integer,
    max_queued_frames   bigint,
    media_roots         text[] NOT NULL DEFAULT '{}',
    output_root         text,
    CONSTRAINT api_tokens_hash_unique UNIQUE (token_hash),
    CONSTRAINT api_tokens_user_valid CHECK (user_name ~ '^[a-z0-9._-]{1,64}$'),
    CONSTRAINT api_tokens_scope_known CHECK (scope IN ('submit', 'operate', 'admin')),
    CONSTRAINT api_tokens_hash_form CHECK (token_hash ~ '^[0-9a-f]{64}$'),
    CONSTRAINT api_tokens_secret_form CHECK (webhook_secret ~ '^[0-9a-f]{64}$'),
    CONSTRAINT api_tokens_limits_positive CHECK (coalesce(requests_per_minute, 1) > 0
        AND coalesce(max_active_jobs, 1) > 0 AND coalesce(max_queued_frames, 1) > 0),
    CONSTRAINT api_tokens_expiry_after_creation CHECK (expires_at IS NULL OR expires_at > created_at),
    CONSTRAINT api_tokens_roots_absolute CHECK (output_root IS NULL OR output_root LIKE '/%')
);

-- Cancel and requeue are also for `<schema>_api`, the API server's role: it acts for a token's user, and the queue
-- narrows its statements to that user's jobs (JobSQL's owner parameter).
CREATE OR REPLACE FUNCTION reel_refuse_unless_operator() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = TG_RELID), 'USAGE')
       OR coalesce(pg_has_role(current_user, to_regrole(quote_ident(TG_TABLE_SCHEMA || '_operate')), 'USAGE'), false)
       OR coalesce(pg_has_role(current_user, to_regrole(quote_ident(TG_TABLE_SCHEMA || '_api')), 'USAGE'), false)
    THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION '% %: % -> % is for the schema owner or the role %_operate or %_api (reel cancel, reel retry, the API), not %',
        TG_ARGV[0], NEW.id, OLD.state, NEW.state, TG_TABLE_SCHEMA, TG_TABLE_SCHEMA, current_user
        USING ERRCODE = 'insufficient_privilege';
END
$$;

DO $$
BEGIN
    EXECUTE format('ALTER FUNCTION reel_refuse_unless_operator() SET search_path = %I, pg_temp', current_schema());
END
$$;
