-- +goose Up
-- Dialects: BLOB on SQLite, BYTEA on PostgreSQL; otherwise the same.
-- A large book's entries (2,000 or more) as they stood at one revision of
-- the landlord's books (wallet_books), encoded by internal/wallet in the
-- format named. A server with no copy in memory (just started, or one of
-- several) reads this one row instead of every entry when its revision and
-- format are the current ones. Written when a server has read every entry
-- at the current revision, and after each change it makes to such a copy;
-- never used for another revision.
CREATE TABLE wallet_snapshots (
    landlord_id TEXT PRIMARY KEY REFERENCES users(id),
    revision    BIGINT NOT NULL,
    format      BIGINT NOT NULL,
    entries     BLOB NOT NULL
);

-- +goose Down
DROP TABLE wallet_snapshots;
