-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Issue 27, owned by internal/platform/mail: extra headers an e-mail is
-- sent with (a JSON object; List-Unsubscribe on a saved search's e-mail).
ALTER TABLE mail_outbox ADD COLUMN headers TEXT NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE mail_outbox DROP COLUMN headers;
