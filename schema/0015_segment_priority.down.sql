-- Nothing to undo: the aligned priorities are what the earlier claim would have chosen for a requeued part's job.
SELECT 1;
