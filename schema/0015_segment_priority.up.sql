-- A segment's priority is always its job's (docs/queue-states.md, "Fair share"): the claim's groups are the active
-- jobs' (priority, owner) pairs, so a segment with another priority than its job's would never be claimed. Before this
-- version a priority change moved only the segments not done, and a part the stitcher sent back later kept the old
-- one; `JobSQL.setPriority` now moves them all. This aligns what earlier versions left behind.
UPDATE segments s SET priority = j.priority FROM jobs j WHERE j.id = s.job_id AND s.priority <> j.priority;
