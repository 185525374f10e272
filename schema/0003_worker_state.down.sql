ALTER TABLE workers DROP CONSTRAINT workers_state_known, DROP COLUMN state;
