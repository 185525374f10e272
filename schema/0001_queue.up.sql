-- Reel segment queue: jobs, segments, workers and the event log.
-- Never edit this file once released; add a new numbered migration instead.

-- Time helpers: every statement takes an optional "now" in microseconds since 1970 ($n, NULL = server time),
-- so tests can drive leases and backoff with a manual clock.
CREATE FUNCTION reel_now(us bigint) RETURNS timestamptz LANGUAGE sql STABLE AS
$$ SELECT coalesce(timestamptz 'epoch' + us * interval '1 microsecond', now()) $$;

CREATE FUNCTION reel_us(t timestamptz) RETURNS bigint LANGUAGE sql IMMUTABLE AS
$$ SELECT (extract(epoch FROM t) * 1000000)::bigint $$;

CREATE TABLE jobs (
    id                      bigserial PRIMARY KEY,
    name                    text NOT NULL,
    owner                   text NOT NULL DEFAULT '',
    composition             text NOT NULL,
    output_location         text NOT NULL,
    state                   text NOT NULL DEFAULT 'queued',
    priority                integer NOT NULL DEFAULT 0,
    max_attempts            integer NOT NULL,
    required_tags           text[] NOT NULL DEFAULT '{}',
    segment_count           integer NOT NULL,
    frame_count             bigint NOT NULL,
    error                   text,
    stitch_attempt          integer NOT NULL DEFAULT 0,
    stitch_lease_token      uuid,
    stitch_leased_by        text,
    stitch_lease_expires_at timestamptz,
    created_at              timestamptz NOT NULL,
    started_at              timestamptz,
    finished_at             timestamptz,
    CONSTRAINT jobs_state_known CHECK (state IN ('queued', 'running', 'stitching', 'done', 'failed', 'canceled')),
    CONSTRAINT jobs_name_present CHECK (length(name) > 0),
    CONSTRAINT jobs_counts_positive CHECK (segment_count > 0 AND frame_count > 0 AND max_attempts > 0),
    CONSTRAINT jobs_stitch_lease_iff_stitching CHECK ((state = 'stitching') =
        (stitch_lease_token IS NOT NULL AND stitch_leased_by IS NOT NULL AND stitch_lease_expires_at IS NOT NULL)),
    CONSTRAINT jobs_failed_has_error CHECK (state <> 'failed' OR error IS NOT NULL),
    CONSTRAINT jobs_finished_iff_final CHECK ((state IN ('done', 'failed', 'canceled')) = (finished_at IS NOT NULL))
);

-- stitchClaim scans the few active jobs.
CREATE INDEX jobs_active ON jobs (priority DESC, id) WHERE state IN ('queued', 'running', 'stitching');

CREATE TABLE segments (
    id               bigserial PRIMARY KEY,
    job_id           bigint NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    segment_index    integer NOT NULL,
    frame_start      bigint NOT NULL,
    frame_end        bigint NOT NULL,
    sample_start     bigint NOT NULL,
    sample_end       bigint NOT NULL,
    content_hash     text NOT NULL,
    payload          bytea NOT NULL DEFAULT '',
    state            text NOT NULL,
    priority         integer NOT NULL,           -- the job's, denormalised for the claim index
    required_tags    text[] NOT NULL DEFAULT '{}',
    attempt          integer NOT NULL DEFAULT 0,
    max_attempts     integer NOT NULL,
    lease_token      uuid,
    leased_by        text,
    lease_expires_at timestamptz,
    scheduled_at     timestamptz NOT NULL,
    errors           jsonb NOT NULL DEFAULT '[]', -- [{attempt, message, worker, at_us}], oldest first
    part_location    text,
    reused_from      bigint,
    render_frames    bigint,
    render_us        bigint,
    finished_at      timestamptz,
    CONSTRAINT segments_index_unique UNIQUE (job_id, segment_index),
    CONSTRAINT segments_state_known CHECK (state IN ('available', 'running', 'done', 'failed', 'canceled')),
    CONSTRAINT segments_ranges_valid CHECK (segment_index >= 0 AND frame_start >= 0 AND frame_end > frame_start
        AND sample_start >= 0 AND sample_end >= sample_start),
    CONSTRAINT segments_attempts_valid CHECK (max_attempts > 0 AND attempt BETWEEN 0 AND max_attempts),
    CONSTRAINT segments_running_leased CHECK (state <> 'running' OR
        (lease_token IS NOT NULL AND leased_by IS NOT NULL AND lease_expires_at IS NOT NULL AND attempt > 0)),
    CONSTRAINT segments_unleased_when_waiting CHECK (state NOT IN ('available', 'failed') OR
        (lease_token IS NULL AND lease_expires_at IS NULL)),
    CONSTRAINT segments_done_has_part CHECK (state <> 'done' OR (part_location IS NOT NULL AND finished_at IS NOT NULL)),
    CONSTRAINT segments_failed_has_error CHECK (state <> 'failed' OR jsonb_array_length(errors) > 0),
    CONSTRAINT segments_errors_array CHECK (jsonb_typeof(errors) = 'array')
);

-- The claim: state literal in the predicate, columns in ORDER BY order.
CREATE INDEX segments_claim ON segments (priority DESC, scheduled_at, id) WHERE state = 'available';
-- The rescue sweep. Its predicate deliberately avoids "state = 'running'": the planner would otherwise
-- pick this (small, often stale) index for fenced writes by id, and scan its dead entries.
CREATE INDEX segments_lease_expiry ON segments (lease_expires_at) WHERE lease_expires_at IS NOT NULL;
-- "Is this job's last segment done?" without scanning its done segments.
CREATE INDEX segments_pending_by_job ON segments (job_id) WHERE state <> 'done';
-- Reuse of parts by content hash.
CREATE INDEX segments_done_by_hash ON segments (content_hash, finished_at DESC) WHERE state = 'done';

CREATE TABLE workers (
    id                 text PRIMARY KEY,
    host               text NOT NULL,
    pid                integer NOT NULL,
    version            text NOT NULL,
    tags               text[] NOT NULL DEFAULT '{}',
    started_at         timestamptz NOT NULL,
    last_seen_at       timestamptz NOT NULL,
    current_segment_id bigint,
    recent_fps         double precision,
    segments_done      bigint NOT NULL DEFAULT 0,
    CONSTRAINT workers_segments_done_valid CHECK (segments_done >= 0)
);

CREATE TABLE queue_events (
    id            bigserial PRIMARY KEY,
    job_id        bigint NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    segment_index integer,                 -- NULL for job events
    from_state    text,                    -- NULL when created
    to_state      text NOT NULL,
    worker_id     text,
    message       text,
    at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX queue_events_by_job ON queue_events (job_id, id);

-- Allowed transitions; they mirror SegmentState.canTransition(to:) and JobState.canTransition(to:) (a test
-- walks every pair against both). They sit in the triggers' WHEN clauses, so an allowed change costs one
-- expression and the function runs only to refuse one.
CREATE FUNCTION reel_refuse_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% % transition % -> % is not allowed', TG_ARGV[0], NEW.id, OLD.state, NEW.state
        USING ERRCODE = 'check_violation';
END
$$;

CREATE TRIGGER segments_transition_check BEFORE UPDATE OF state ON segments FOR EACH ROW
    WHEN (OLD.state IS DISTINCT FROM NEW.state AND (OLD.state, NEW.state) NOT IN (
        ('available', 'running'), ('available', 'canceled'), ('running', 'done'), ('running', 'available'),
        ('running', 'failed'), ('running', 'canceled'), ('failed', 'available'), ('canceled', 'available')))
    EXECUTE FUNCTION reel_refuse_transition('segment');

CREATE TRIGGER jobs_transition_check BEFORE UPDATE OF state ON jobs FOR EACH ROW
    WHEN (OLD.state IS DISTINCT FROM NEW.state AND (OLD.state, NEW.state) NOT IN (
        ('queued', 'running'), ('queued', 'stitching'), ('queued', 'canceled'), ('running', 'stitching'),
        ('running', 'failed'), ('running', 'canceled'), ('stitching', 'done'), ('stitching', 'failed'),
        ('stitching', 'canceled'), ('failed', 'queued'), ('canceled', 'queued')))
    EXECUTE FUNCTION reel_refuse_transition('job');

-- Writes each segment state change to the event log.
CREATE FUNCTION reel_segment_state_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO queue_events (job_id, segment_index, from_state, to_state, worker_id, message)
    VALUES (NEW.job_id, NEW.segment_index, CASE WHEN TG_OP = 'UPDATE' THEN OLD.state END, NEW.state,
            NEW.leased_by,
            CASE WHEN NEW.state IN ('available', 'failed') AND TG_OP = 'UPDATE'
                      AND jsonb_array_length(NEW.errors) > jsonb_array_length(OLD.errors)
                 THEN NEW.errors -> -1 ->> 'message' END);
    RETURN NULL;
END
$$;

CREATE TRIGGER segments_state_update AFTER UPDATE OF state ON segments FOR EACH ROW
    WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION reel_segment_state_changed();
CREATE TRIGGER segments_insert_done AFTER INSERT ON segments FOR EACH ROW
    WHEN (NEW.state = 'done') EXECUTE FUNCTION reel_segment_state_changed();

-- Writes each job state change to the event log.
CREATE FUNCTION reel_job_state_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO queue_events (job_id, from_state, to_state, worker_id, message)
    VALUES (NEW.id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.state END, NEW.state, NEW.stitch_leased_by, NEW.error);
    RETURN NULL;
END
$$;

CREATE TRIGGER jobs_state_update AFTER UPDATE OF state ON jobs FOR EACH ROW
    WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION reel_job_state_changed();
CREATE TRIGGER jobs_insert AFTER INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION reel_job_state_changed();
