-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Tenancy agreements (issue 12). answers, edits and history are JSON text
-- owned by internal/contract; library_version is the clause library the
-- agreement was made with (it keeps it when the law changes). status:
-- Draft, ATS (awaiting tenant signatures), ADS, COMPLETED; payment_status
-- PENDING or COMPLETED. step is where the wizard was left.
CREATE TABLE contracts (
    id              TEXT PRIMARY KEY,
    landlord_id     TEXT NOT NULL REFERENCES users(id),
    property_id     TEXT NOT NULL,
    status          TEXT NOT NULL,
    payment_status  TEXT NOT NULL,
    contract_type   TEXT NOT NULL DEFAULT '',
    jurisdiction    TEXT NOT NULL DEFAULT '',
    library_version TEXT NOT NULL DEFAULT '',
    answers         TEXT NOT NULL,
    edits           TEXT NOT NULL DEFAULT '{}',
    step            TEXT NOT NULL,
    history         TEXT NOT NULL DEFAULT '[]',
    duplicated_from TEXT NOT NULL DEFAULT '',
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL,
    sent_at         BIGINT
);
CREATE INDEX contracts_landlord ON contracts(landlord_id, status, created_at);

-- The tenants' e-mails of each agreement, lowercased: a tenant sees an
-- agreement sent to an address that is theirs. Rewritten with the answers.
CREATE TABLE contract_tenants (
    contract_id TEXT NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    email_key   TEXT NOT NULL,
    PRIMARY KEY (contract_id, position)
);
CREATE INDEX contract_tenants_email ON contract_tenants(email_key);

-- +goose Down
SELECT 1; -- forward-only
