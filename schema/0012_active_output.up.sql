-- One writer per output (docs/queue-states.md, "One writer per output"): two active jobs never publish to one
-- path, or the later would silently replace the earlier's file. The coordinator checks before it inserts, but a
-- check is a read: two submissions at once (two `reel serve`s, or `reel submit --db` beside one) would both pass it.
-- The index makes the second insert fail (23505 on jobs_active_output, read as QueueError.outputTaken), and a retry
-- that would make a failed or canceled job active again beside a newer job writing its file fails the same way.
-- A database that already holds two active jobs on one path stops this migration with PostgreSQL's message naming
-- the path: cancel one of them (`reel cancel`) and migrate again.
CREATE UNIQUE INDEX jobs_active_output ON jobs (output_location) WHERE state IN ('queued', 'running', 'stitching');
