-- The rolling stitch: one stitcher holds a job's stitch lease while its segments still render, appending each
-- part as soon as every part before it is done. The lease may now be held in 'running' too (it is still
-- required in 'stitching' and forbidden in the final states), and the job records how many parts the stitcher
-- has appended so far (0 until a stitcher reports; reset by each stitch claim).
ALTER TABLE jobs DROP CONSTRAINT jobs_stitch_lease_iff_stitching;
ALTER TABLE jobs ADD CONSTRAINT jobs_stitch_lease_consistent CHECK (
    ((stitch_lease_token IS NULL) = (stitch_leased_by IS NULL))
    AND ((stitch_lease_token IS NULL) = (stitch_lease_expires_at IS NULL))
    AND (state <> 'stitching' OR stitch_lease_token IS NOT NULL)
    AND (state IN ('running', 'stitching') OR stitch_lease_token IS NULL));
ALTER TABLE jobs ADD COLUMN stitched_segments integer NOT NULL DEFAULT 0
    CONSTRAINT jobs_stitched_segments_valid CHECK (stitched_segments >= 0);
