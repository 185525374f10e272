DROP INDEX segments_with_errors;
DROP TRIGGER workers_notify ON workers;
DROP TRIGGER queue_events_notify ON queue_events;
DROP FUNCTION reel_notify_events();
ALTER TABLE jobs DROP COLUMN output_bytes, DROP COLUMN stitch_us, DROP COLUMN stitch_started_at;
ALTER TABLE segments DROP CONSTRAINT segments_progress_valid, DROP COLUMN available_at, DROP COLUMN claim_wait_us,
    DROP COLUMN claimed_at, DROP COLUMN progress_frames;
