CREATE OR REPLACE FUNCTION reel_refuse_unless_operator() RETURNS trigger LANGUAGE plpgsql AS $$
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

DO $$
BEGIN
    EXECUTE format('ALTER FUNCTION reel_refuse_unless_operator() SET search_path = %I, pg_temp', current_schema());
END
$$;

DROP TABLE api_tokens;
