-- Fair share (docs/queue-states.md, "Fair share"): within a priority, a claim takes the next segment of the owner
-- with the least work running (frames of its running segments, divided by its weight); '' (jobs submitted without
-- an account) is one owner like any other.

-- segments.owner: the job's owner, denormalised as priority is, so that each owner's claim order is one index range.
-- The insert copies it from the job; segments_insert_with_job refuses a segment whose owner is not its job's.
ALTER TABLE segments ADD COLUMN owner text NOT NULL DEFAULT '';
UPDATE segments s SET owner = j.owner FROM jobs j WHERE j.id = s.job_id AND j.owner <> '';

-- Each owner's claim order within a priority, replacing segments_claim: the claim probes the head of every
-- (priority, owner) with work queued, then takes from the best-placed owner's range. Kept beside segments_claim,
-- the planner took that one with the owner as a filter, which walks past every segment of an older job of another
-- owner: a spot behind a 3-hour film would cost a scan of the film. Nothing else reads segments_claim.
DROP INDEX segments_claim;
CREATE INDEX segments_claim_by_owner ON segments (owner, priority DESC, scheduled_at, id) WHERE state = 'available';

-- The running work per owner, summed by every claim. The running set is bounded by the farm's render slots, so the
-- sum reads O(slots) index entries, never the table. (A per-owner counter kept by the state-change trigger would be
-- a row that every claim and completion of that owner updates and holds locked until commit: claims of one owner
-- would queue behind each other's WAL flush.) The predicate names leased_by, which neither the fenced writes by id
-- nor the rescue sweep mention, so the planner cannot pick this small, churning index for them (see
-- segments_lease_expiry in 0001, which keeps serving those); a running segment always names its worker
-- (segments_running_leased), so the predicate is exactly the running set.
CREATE INDEX segments_running_by_owner ON segments (owner) INCLUDE (frame_start, frame_end)
    WHERE state = 'running' AND leased_by IS NOT NULL;

-- Weights: an owner without a row weighs 1. Set by the schema's owner (`reel db share OWNER WEIGHT`); every role
-- reads it, since every claim does.
CREATE TABLE owner_shares (
    owner  text PRIMARY KEY,
    weight integer NOT NULL,
    CONSTRAINT owner_shares_weight_valid CHECK (weight BETWEEN 1 AND 10000)
);

-- Roles made by an earlier `reel db roles` read the weights at once (a worker's claim reads them); a later
-- `reel db roles` grants the same (RoleSQL.grants).
DO $$
DECLARE
    r text;
BEGIN
    FOREACH r IN ARRAY ARRAY['worker', 'submit', 'operate', 'monitor'] LOOP
        IF to_regrole(quote_ident(current_schema() || '_' || r)) IS NOT NULL THEN
            EXECUTE format('GRANT SELECT ON owner_shares TO %I', current_schema() || '_' || r);
        END IF;
    END LOOP;
END
$$;

-- The trigger of 0006, which also refuses a segment whose owner is not its job's (a submitter cannot move its work
-- into another owner's share).
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
    SELECT i.job_id INTO other FROM inserted i JOIN jobs j ON j.id = i.job_id WHERE i.owner <> j.owner LIMIT 1;
    IF other IS NOT NULL THEN
        RAISE EXCEPTION 'job %: a segment''s owner must be its job''s owner', other
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NULL;
END
$$;
-- A job's owner changed (only the schema's owner may): its segments follow, so the claim's shares stay the jobs'.
CREATE FUNCTION reel_segments_follow_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE segments SET owner = NEW.owner WHERE job_id = NEW.id;
    RETURN NULL;
END
$$;

CREATE TRIGGER jobs_owner_followed AFTER UPDATE OF owner ON jobs FOR EACH ROW
    WHEN (OLD.owner IS DISTINCT FROM NEW.owner) EXECUTE FUNCTION reel_segments_follow_owner();

DO $$ BEGIN
    EXECUTE format('ALTER FUNCTION reel_refuse_segments_of_other_jobs() SET search_path = %I, pg_temp', current_schema());
    EXECUTE format('ALTER FUNCTION reel_segments_follow_owner() SET search_path = %I, pg_temp', current_schema());
END $$;
