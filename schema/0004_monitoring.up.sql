-- Monitoring: live progress of running segments, claim latency, stitch time, output size, failure kinds
-- (in the errors jsonb: {attempt, message, worker, at_us, kind}), and a NOTIFY whenever the event log or the
-- workers change, so a monitor refreshes one shared snapshot instead of polling per viewer.

-- progress_frames: frames rendered so far by the running attempt (reset at claim, reported by its heartbeat).
-- claimed_at, claim_wait_us: the latest claim and its latency (claim − greatest(scheduled_at, available_at)).
-- available_at: set by segmentRelease only; every other way back to available moves scheduled_at to now or later.
ALTER TABLE segments ADD COLUMN progress_frames bigint NOT NULL DEFAULT 0,
    ADD COLUMN claimed_at timestamptz,
    ADD COLUMN claim_wait_us bigint,
    ADD COLUMN available_at timestamptz,
    ADD CONSTRAINT segments_progress_valid CHECK (progress_frames >= 0);

-- stitch_started_at: the latest stitch claim; stitch_us: its claim to publication; output_bytes: the size of
-- the published output when the stitcher reported it.
ALTER TABLE jobs ADD COLUMN stitch_started_at timestamptz,
    ADD COLUMN stitch_us bigint,
    ADD COLUMN output_bytes bigint;

-- The monitoring channel: `reel_events_<schema>` (QueueListener.eventsChannel), and `reel_events` as well
-- for the public schema (a queue configured without a schema). Payload empty: listeners re-read.
CREATE FUNCTION reel_notify_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify(left('reel_events_' || TG_TABLE_SCHEMA, 63), '');
    IF TG_TABLE_SCHEMA = 'public' THEN PERFORM pg_notify('reel_events', ''); END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER queue_events_notify AFTER INSERT ON queue_events FOR EACH STATEMENT
    EXECUTE FUNCTION reel_notify_events();
CREATE TRIGGER workers_notify AFTER INSERT OR DELETE OR UPDATE OF state ON workers FOR EACH STATEMENT
    EXECUTE FUNCTION reel_notify_events();

-- Attempt errors by job (status pages) and in all (failure counts), without scanning clean segments.
CREATE INDEX segments_with_errors ON segments (job_id) WHERE errors <> '[]';
