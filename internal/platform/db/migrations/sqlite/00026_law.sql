-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Issue 25. signing_signers.signed_by: the name of the person who signed
-- (the typed name, or the account's name for a drawn or uploaded
-- signature); when it is not the party's name, the signature was given on
-- the party's behalf, and the PDF says so. contracts.deposit_received_on:
-- the day the landlord received the deposit (YYYY-MM-DD, '' until told),
-- from which the 30 days to protect it are counted.
ALTER TABLE signing_signers ADD COLUMN signed_by TEXT NOT NULL DEFAULT '';
ALTER TABLE contracts ADD COLUMN deposit_received_on TEXT NOT NULL DEFAULT '';

-- +goose Down
SELECT 1; -- forward-only
