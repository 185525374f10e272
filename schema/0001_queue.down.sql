DROP TABLE IF EXISTS queue_events, workers, segments, jobs;
DROP FUNCTION IF EXISTS reel_job_state_changed(), reel_segment_state_changed(), reel_refuse_transition(),
    reel_us(timestamptz), reel_now(bigint);
