-- webhooks: a job may name a URL (jobs.webhook_url, set by POST /api/v1/jobs) that is told, by an HTTP POST, when
-- the job ends. Each end (done, failed, canceled) adds one row to webhook_deliveries in the transaction that ends
-- the job, by a trigger: every path that ends a job (the stitcher, a worker failing it, the rescuer, reel cancel,
-- the web view) goes through `UPDATE jobs SET state`, so none can forget it, and a crash between the change and
-- the row is impossible. Delivery is driven from this table (`reel serve`'s deliverer), so it survives a restart.
ALTER TABLE jobs ADD COLUMN webhook_url text;
ALTER TABLE jobs ADD CONSTRAINT jobs_webhook_url_valid
    CHECK (webhook_url IS NULL OR (length(webhook_url) <= 2048 AND webhook_url ~ '^https?://'));

-- One delivery of one event. State pending (waiting for its next attempt, or being attempted: a claim moves
-- next_attempt_at past the attempt's timeout, so a deliverer that dies mid-attempt leaves the row due again),
-- delivered (a 2xx), failed (24 hours of attempts, or a target refused for good). Only the deliverer moves it.
CREATE TABLE webhook_deliveries (
    id              bigserial PRIMARY KEY,
    job_id          bigint NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    url             text NOT NULL,
    event           text NOT NULL,
    body            text,                   -- the JSON POSTed, fixed at the first attempt
    state           text NOT NULL DEFAULT 'pending',
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL,
    created_at      timestamptz NOT NULL,
    last_attempt_at timestamptz,
    last_status     integer,                -- the HTTP status of the last attempt; NULL when none came back
    last_response   text,                   -- its first bytes, or why there was no answer
    delivered_at    timestamptz,
    CONSTRAINT webhook_deliveries_state_known CHECK (state IN ('pending', 'delivered', 'failed')),
    CONSTRAINT webhook_deliveries_event_known CHECK (event IN ('job.done', 'job.failed', 'job.canceled')),
    CONSTRAINT webhook_deliveries_attempts_valid CHECK (attempts >= 0),
    CONSTRAINT webhook_deliveries_response_short CHECK (length(last_response) <= 1024),
    CONSTRAINT webhook_deliveries_delivered_at CHECK ((state = 'delivered') = (delivered_at IS NOT NULL))
);

-- The deliverer's claim: due pending rows, oldest first.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_by_job ON webhook_deliveries (job_id, id);

-- Runs as the owner (SECURITY DEFINER, as the event log's triggers): no role needs INSERT on the table.
CREATE FUNCTION reel_job_webhook() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
    INSERT INTO webhook_deliveries (job_id, url, event, next_attempt_at, created_at)
    VALUES (NEW.id, NEW.webhook_url, 'job.' || NEW.state, now(), now());
    RETURN NULL;
END
$$;

CREATE TRIGGER jobs_webhook AFTER UPDATE OF state ON jobs FOR EACH ROW
    WHEN (OLD.state IS DISTINCT FROM NEW.state AND NEW.state IN ('done', 'failed', 'canceled')
          AND NEW.webhook_url IS NOT NULL)
    EXECUTE FUNCTION reel_job_webhook();

DO $$
BEGIN
    EXECUTE format('ALTER FUNCTION reel_job_webhook() SET search_path = %I, pg_temp', current_schema());
END
$$;
