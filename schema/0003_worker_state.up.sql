-- A worker says when it drains and when it stopped; `reel workers` tells those from workers that went away
-- without a word (no heartbeat for a while: "gone"). The rescue sweep removes rows unseen for a day.
ALTER TABLE workers ADD COLUMN state text NOT NULL DEFAULT 'running',
    ADD CONSTRAINT workers_state_known CHECK (state IN ('running', 'draining', 'stopped'));
