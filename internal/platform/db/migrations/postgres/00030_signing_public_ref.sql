-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- A signed document's public reference (OR-7K3F-9QX2): printed on its PDF and
-- e-mails and accepted by /verify, so no internal id is shown. Documents
-- made before it get one from their id (they printed the id, which /verify
-- still accepts); new ones get a random one (internal/signing/ref.go).
ALTER TABLE signing_envelopes ADD COLUMN public_ref TEXT;
UPDATE signing_envelopes SET public_ref = 'OR-' || upper(substr(id, 1, 4)) || '-' || upper(substr(id, 5, 4)) WHERE public_ref IS NULL;
CREATE UNIQUE INDEX signing_envelopes_public_ref ON signing_envelopes(public_ref);

-- +goose Down
DROP INDEX signing_envelopes_public_ref;
ALTER TABLE signing_envelopes DROP COLUMN public_ref;
