DROP TRIGGER jobs_webhook ON jobs;
DROP FUNCTION reel_job_webhook();
DROP TABLE webhook_deliveries;
ALTER TABLE jobs DROP COLUMN webhook_url;
