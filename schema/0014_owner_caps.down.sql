DROP INDEX jobs_active_by_owner;
