DROP INDEX jobs_active_output;
