-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- The landlord's acknowledgements of flagged additional terms (issue 25),
-- owned by internal/contract: one row per agreement and exact term text
-- (its SHA-256), so editing a term leaves it unacknowledged. Sign and Send
-- refuses an agreement with a flagged term that has no row here.
CREATE TABLE contract_term_acks (
    contract_id     TEXT NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
    term_hash       TEXT NOT NULL,
    term            TEXT NOT NULL,
    acknowledged_at BIGINT NOT NULL,
    PRIMARY KEY (contract_id, term_hash)
);

-- +goose Down
SELECT 1; -- forward-only
