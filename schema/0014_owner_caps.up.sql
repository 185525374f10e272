-- Owner caps (docs/queue-states.md, "Owner caps"): an API token may cap its user's active jobs and waiting frames.
-- The insert (and a retry) counts the owner's active jobs under the owner's advisory lock (CapSQL); this index keeps
-- that count to the owner's own active jobs, however many finished jobs the table holds.
CREATE INDEX jobs_active_by_owner ON jobs (owner) WHERE state IN ('queued', 'running', 'stitching');
