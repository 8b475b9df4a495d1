-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Issue 24: each wallet entry has a revision, raised by every change to it
-- (its fields or its invoice). An edit names the revision it was based on
-- and is refused (409, with the current copy) when another change came first.
ALTER TABLE wallet_transactions ADD COLUMN revision BIGINT NOT NULL DEFAULT 1;

-- +goose Down
ALTER TABLE wallet_transactions DROP COLUMN revision;
