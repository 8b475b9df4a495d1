-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- A landlord's purchase of reference checks for the renters of a property.
-- Ids are random UUIDs: a renter's link names both and must not be guessable.
CREATE TABLE reference_checks (
    id            TEXT PRIMARY KEY,
    landlord_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    property_id   TEXT NOT NULL REFERENCES properties(id),
    check_type    TEXT NOT NULL, -- instant
    rent_pence    BIGINT NOT NULL, -- monthly rent
    deposit_pence BIGINT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('Awaiting Payment', 'Payment Complete', 'Withdrawn')),
    order_id      TEXT NOT NULL,
    paid_at       BIGINT,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);
CREATE INDEX reference_checks_landlord ON reference_checks(landlord_id, created_at);

CREATE TABLE reference_check_renters (
    id          TEXT PRIMARY KEY,
    check_id    TEXT NOT NULL REFERENCES reference_checks(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    name        TEXT NOT NULL,
    email       TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('Not Notified', 'Renter Notified', 'Process Complete')),
    notified_at BIGINT,
    created_at  BIGINT NOT NULL
);
CREATE INDEX reference_check_renters_check ON reference_check_renters(check_id, position);

-- +goose Down
SELECT 1; -- forward-only
