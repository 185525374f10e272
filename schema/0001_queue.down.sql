DROP TABLE IF EXISTS queue_events, workers, segments, jobs;
DROP FUNCTION IF EXISTS reel_job_state_changed(), reel_segment_state_changed(),
    reel_job_transition_ok(text, text), reel_segment_transition_ok(text, text),
    reel_us(timestamptz), reel_now(bigint);
