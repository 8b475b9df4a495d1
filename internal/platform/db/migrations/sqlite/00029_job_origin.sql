-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- The id of the request that enqueued a job (empty for scheduled work), so
-- the job's log lines and the e-mails it sends carry the same request id.
ALTER TABLE jobs ADD COLUMN origin TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE jobs DROP COLUMN origin;
