DROP TRIGGER jobs_operator_transition ON jobs;
DROP FUNCTION reel_refuse_unless_operator();
DROP TRIGGER segments_insert_with_job ON segments;
DROP FUNCTION reel_refuse_segments_of_other_jobs();
ALTER FUNCTION reel_job_state_changed() SECURITY INVOKER RESET search_path;
ALTER FUNCTION reel_segment_state_changed() SECURITY INVOKER RESET search_path;
