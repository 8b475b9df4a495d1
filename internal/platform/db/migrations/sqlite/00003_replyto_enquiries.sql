-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Messages from people interested in a listing: the owner is e-mailed with
-- the sender as Reply-To; rows count towards the sender's hourly limit.
ALTER TABLE mail_outbox ADD COLUMN reply_to TEXT NOT NULL DEFAULT '';

CREATE TABLE listing_enquiries (
    id           TEXT PRIMARY KEY,
    property_id  TEXT NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
    requester_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    message      TEXT NOT NULL,
    created_at   BIGINT NOT NULL
);
CREATE INDEX listing_enquiries_requester ON listing_enquiries(requester_id, created_at);

-- +goose Down
SELECT 1; -- forward-only
