-- jobs.token_id: the API token a job was submitted with (POST /api/v1/jobs), so that its webhooks are signed with
-- that token's own secret (api_tokens.webhook_secret) and a receiver verifies them with the secret it was given at
-- `reel token create`. NULL for jobs submitted by `reel submit --db` or the server's operator token: those are signed
-- with the server's --webhook-secret-file key. A revoked token's queued jobs keep its id, and their deliveries are
-- still signed with its secret: the receiver was promised them.
ALTER TABLE jobs ADD COLUMN token_id bigint REFERENCES api_tokens (id);
