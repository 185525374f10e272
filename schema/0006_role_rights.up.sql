-- What the least-privilege roles of `reel db roles` cannot be trusted with (deploy/README.md, "Database roles"),
-- enforced in the schema so that it holds whoever runs the statements:
-- - the event log is written only by the state-change triggers, as the schema's owner: no other role needs any
--   right on queue_events, so none can forge, change or delete an event;
-- - a job's segments are inserted in the transaction that inserts the job: a submitter cannot add segments to
--   someone else's job;
-- - cancel and requeue (reel cancel, reel retry, the web view's writes) are for the schema's owner and its
--   `<schema>_operate` role: a worker fails jobs and moves segments, but cannot cancel a job or bring back one
--   that failed or was canceled.
-- Each function pins its search path to this schema with pg_temp last, so a session's temporary table cannot
-- stand in for jobs or queue_events.

ALTER FUNCTION reel_segment_state_changed() SECURITY DEFINER;
ALTER FUNCTION reel_job_state_changed() SECURITY DEFINER;

CREATE FUNCTION reel_refuse_segments_of_other_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER segments_insert_with_job AFTER INSERT ON segments REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION reel_refuse_segments_of_other_jobs();

-- TG_ARGV[0]: what moves ('job'). The owner of the table, a superuser, or a member of <schema>_operate passes.
CREATE FUNCTION reel_refuse_unless_operator() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = TG_RELID), 'USAGE')
       OR coalesce(pg_has_role(current_user, to_regrole(quote_ident(TG_TABLE_SCHEMA || '_operate')), 'USAGE'), false)
    THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION '% %: % -> % is for the schema owner or the role %_operate (reel cancel, reel retry), not %',
        TG_ARGV[0], NEW.id, OLD.state, NEW.state, TG_TABLE_SCHEMA, current_user
        USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER jobs_operator_transition BEFORE UPDATE OF state ON jobs FOR EACH ROW
    WHEN (OLD.state IS DISTINCT FROM NEW.state AND NEW.state IN ('canceled', 'queued'))
    EXECUTE FUNCTION reel_refuse_unless_operator('job');

DO $$
DECLARE
    f text;
BEGIN
    FOREACH f IN ARRAY ARRAY['reel_segment_state_changed', 'reel_job_state_changed',
                             'reel_refuse_segments_of_other_jobs', 'reel_refuse_unless_operator'] LOOP
        EXECUTE format('ALTER FUNCTION %I() SET search_path = %I, pg_temp', f, current_schema());
    END LOOP;
END
$$;
