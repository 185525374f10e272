DROP TRIGGER jobs_owner_followed ON jobs;
DROP FUNCTION reel_segments_follow_owner();
CREATE OR REPLACE FUNCTION reel_refuse_segments_of_other_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    other bigint;
BEGIN
    SELECT n.job_id INTO other FROM (SELECT DISTINCT job_id FROM inserted) n JOIN jobs j ON j.id = n.job_id
    WHERE j.xmin <> pg_current_xact_id()::xid LIMIT 1;
    IF other IS NOT NULL THEN
        RAISE EXCEPTION 'job %: segments are inserted only with their job, in the transaction that inserts it', other
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NULL;
END
$$;
DO $$ BEGIN
    EXECUTE format('ALTER FUNCTION reel_refuse_segments_of_other_jobs() SET search_path = %I, pg_temp', current_schema());
END $$;
DROP TABLE owner_shares;
DROP INDEX segments_running_by_owner;
DROP INDEX segments_claim_by_owner;
CREATE INDEX segments_claim ON segments (priority DESC, scheduled_at, id) WHERE state = 'available';
ALTER TABLE segments DROP COLUMN owner;
