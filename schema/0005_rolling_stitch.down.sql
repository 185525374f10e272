-- Jobs whose rolling stitcher holds a lease while still running lose it (a stitcher restarts from scratch).
UPDATE jobs SET stitch_lease_token = NULL, stitch_leased_by = NULL, stitch_lease_expires_at = NULL
    WHERE state = 'running';
ALTER TABLE jobs DROP COLUMN stitched_segments;
ALTER TABLE jobs DROP CONSTRAINT jobs_stitch_lease_consistent;
ALTER TABLE jobs ADD CONSTRAINT jobs_stitch_lease_iff_stitching CHECK ((state = 'stitching') =
    (stitch_lease_token IS NOT NULL AND stitch_leased_by IS NOT NULL AND stitch_lease_expires_at IS NOT NULL));
