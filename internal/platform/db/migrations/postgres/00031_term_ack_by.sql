-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Who acknowledged a flagged term (the landlord's name and e-mail as they
-- signed in), printed with the acknowledgement on the signed agreement's
-- audit page. Empty for acknowledgements made before: the page then names
-- the agreement's landlord.
ALTER TABLE contract_term_acks ADD COLUMN by_name TEXT NOT NULL DEFAULT '';
ALTER TABLE contract_term_acks ADD COLUMN by_email TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE contract_term_acks DROP COLUMN by_email;
ALTER TABLE contract_term_acks DROP COLUMN by_name;
