-- +goose Up
-- Dialects: they differ in the hash of the feed tokens only (SQLite has no sha256; platform/db registers sha256_hex).
-- Issue 26. The feed's secret address was stored as it is, so whoever could
-- read the database could read every subscriber's calendar: keep only its
-- SHA-256 (hex). sha256_hex is registered by platform/db for SQLite; the
-- addresses already handed out keep working, as the feed looks a token up
-- by its hash.
ALTER TABLE calendar_feeds RENAME COLUMN token TO token_hash;
UPDATE calendar_feeds SET token_hash = sha256_hex(token_hash);

-- The alert sweep (every minute) reads only the events whose next alert
-- is due: next_alert_at is the earliest alert not yet sent (Unix ms), NULL
-- when the event has none left. Existing events are read once (0) and then
-- get their time.
ALTER TABLE calendar_events ADD COLUMN next_alert_at BIGINT;
UPDATE calendar_events SET next_alert_at = 0 WHERE alert <> 'none';
CREATE INDEX calendar_events_next_alert ON calendar_events (next_alert_at);

-- +goose Down
SELECT 1; -- forward-only
