DROP TRIGGER segments_transition_check ON segments;
CREATE TRIGGER segments_transition_check BEFORE UPDATE OF state ON segments FOR EACH ROW
    WHEN (OLD.state IS DISTINCT FROM NEW.state AND (OLD.state, NEW.state) NOT IN (
        ('available', 'running'), ('available', 'canceled'), ('running', 'done'), ('running', 'available'),
        ('running', 'failed'), ('running', 'canceled'), ('failed', 'available'), ('canceled', 'available')))
    EXECUTE FUNCTION reel_refuse_transition('segment');

DROP TRIGGER jobs_transition_check ON jobs;
CREATE TRIGGER jobs_transition_check BEFORE UPDATE OF state ON jobs FOR EACH ROW
    WHEN (OLD.state IS DISTINCT FROM NEW.state AND (OLD.state, NEW.state) NOT IN (
        ('queued', 'running'), ('queued', 'stitching'), ('queued', 'canceled'), ('running', 'stitching'),
        ('running', 'failed'), ('running', 'canceled'), ('stitching', 'done'), ('stitching', 'failed'),
        ('stitching', 'canceled'), ('failed', 'queued'), ('canceled', 'queued')))
    EXECUTE FUNCTION reel_refuse_transition('job');
