-- +goose Up
-- Dialects: the same in both.
-- The deposit at the end of a tenancy (issue 45), owned by internal/deposit.
-- deposit_tenancies is one row per signed agreement (by its id) with a
-- deposit: every change to its deposit locks it first. It holds the
-- protection the landlord recorded: the scheme, its reference, the day the
-- deposit was protected and the day the prescribed information was served
-- (YYYY-MM-DD, '' until recorded), and the scheme's certificate (a stored
-- file: its key, name, type, size, SHA-256 and when it was added). Times
-- are Unix milliseconds. No foreign key to the agreement: the record stays
-- as evidence.
CREATE TABLE deposit_tenancies (
    tenancy_id     TEXT PRIMARY KEY,
    landlord_id    TEXT NOT NULL REFERENCES users(id),
    scheme         TEXT NOT NULL DEFAULT '',
    reference      TEXT NOT NULL DEFAULT '',
    protected_on   TEXT NOT NULL DEFAULT '',
    info_served_on TEXT NOT NULL DEFAULT '',
    cert_key       TEXT NOT NULL DEFAULT '',
    cert_name      TEXT NOT NULL DEFAULT '',
    cert_type      TEXT NOT NULL DEFAULT '',
    cert_size      BIGINT NOT NULL DEFAULT 0,
    cert_sha256    TEXT NOT NULL DEFAULT '',
    cert_at        BIGINT,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX deposit_tenancies_landlord ON deposit_tenancies(landlord_id);

-- +goose Down
DROP TABLE deposit_tenancies;
