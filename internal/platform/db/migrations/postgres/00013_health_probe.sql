-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- One row that /healthz and start-up write to prove the database takes
-- writes (a read-only data folder or replica answers pings but not this).
-- The same statement on both dialects.
CREATE TABLE health_probe (
    id         INTEGER PRIMARY KEY,
    checked_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE health_probe;
