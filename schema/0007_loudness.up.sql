-- loudness: what reaching a composition's output.audio.loudness target took, as the stitcher reported it with the
-- done job (a JSON object: input and output loudness, loudness range, true peaks, gain, limiter); NULL otherwise.
ALTER TABLE jobs ADD COLUMN loudness jsonb;
