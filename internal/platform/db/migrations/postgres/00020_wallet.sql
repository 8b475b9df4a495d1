-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- The wallet (issue 18), owned by internal/wallet: a landlord's income,
-- expense and loan entries per property. Money is integer pence; dates are
-- days as YYYY-MM-DD text (they sort as text). A weekly or monthly entry is
-- one row: its occurrences are computed per period, never copied.
-- invoice_key is the entry's file in the file storage ('' when none).
CREATE TABLE wallet_transactions (
    id             TEXT PRIMARY KEY,
    landlord_id    TEXT NOT NULL REFERENCES users(id),
    property_id    TEXT NOT NULL,
    kind           TEXT NOT NULL,
    category       TEXT NOT NULL,
    description    TEXT NOT NULL,
    amount_pence   BIGINT NOT NULL,
    day            TEXT NOT NULL,
    vat            TEXT NOT NULL,
    vat_pence      BIGINT NOT NULL,
    party_type     TEXT NOT NULL,
    party_person   TEXT NOT NULL,
    party_order    TEXT NOT NULL,
    tax_deductible BOOLEAN NOT NULL,
    frequency      TEXT NOT NULL,
    end_day        TEXT NOT NULL,
    paid           BOOLEAN NOT NULL,
    recoverable    BOOLEAN NOT NULL,
    debtor         TEXT NOT NULL,
    recover_pence  BIGINT NOT NULL,
    lender_name    TEXT NOT NULL,
    tenure_years   INTEGER NOT NULL,
    invoice_key    TEXT NOT NULL,
    invoice_name   TEXT NOT NULL,
    invoice_type   TEXT NOT NULL,
    invoice_size   BIGINT NOT NULL,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX wallet_transactions_landlord ON wallet_transactions(landlord_id, day);

-- A landlord's own categories per kind (spec 3 section 3, "Custom wallet
-- categories"); name_key is the name lowercased.
CREATE TABLE wallet_categories (
    landlord_id TEXT NOT NULL REFERENCES users(id),
    kind        TEXT NOT NULL,
    name        TEXT NOT NULL,
    name_key    TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (landlord_id, kind, name_key)
);

-- The rent a landlord expects for a property that has no tenancy
-- agreement here, set by hand: rent_period weekly or monthly.
CREATE TABLE wallet_rents (
    landlord_id    TEXT NOT NULL REFERENCES users(id),
    property_id    TEXT NOT NULL,
    rent_pence     BIGINT NOT NULL,
    rent_period    TEXT NOT NULL,
    first_due_day  TEXT NOT NULL,
    end_day        TEXT NOT NULL,
    updated_at     BIGINT NOT NULL,
    PRIMARY KEY (landlord_id, property_id)
);

-- Each landlord's books' revision, raised in the same database
-- transaction as every change to their entries: a server keeps a
-- landlord's entries in memory for the overview and reloads them when the
-- revision moved (on any server of the site).
CREATE TABLE wallet_books (
    landlord_id TEXT PRIMARY KEY REFERENCES users(id),
    revision    BIGINT NOT NULL
);

-- +goose Down
DROP TABLE wallet_books;
DROP TABLE wallet_rents;
DROP TABLE wallet_categories;
DROP TABLE wallet_transactions;
