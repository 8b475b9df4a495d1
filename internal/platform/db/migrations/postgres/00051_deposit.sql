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
-- deposit_lines: the deductions the landlord proposes after a signed
-- check-out (check_out_id), each naming an item of the comparison with its
-- conditions and photos at check-in and at check-out as they were when
-- proposed (JSON), a reason (data), the cost and the tenants' charge in
-- integer pence (the charge is the cost apportioned by the item's age and
-- expected life), the quote or invoice file, and a revision raised by every
-- edit. deposit_answers: each tenant's answer to a line (agree or dispute,
-- with a comment), for the revision they answered.
CREATE TABLE deposit_lines (
    id            TEXT PRIMARY KEY,
    tenancy_id    TEXT NOT NULL REFERENCES deposit_tenancies(tenancy_id),
    check_out_id  TEXT NOT NULL,
    item_key      TEXT NOT NULL,
    item          TEXT NOT NULL,
    evidence      TEXT NOT NULL DEFAULT '{}',
    reason        TEXT NOT NULL,
    note          TEXT NOT NULL DEFAULT '',
    cost_pence    BIGINT NOT NULL CHECK (cost_pence > 0),
    item_type     TEXT NOT NULL DEFAULT '',
    age_months    INTEGER NOT NULL DEFAULT 0,
    life_months   INTEGER NOT NULL DEFAULT 0,
    charge_pence  BIGINT NOT NULL CHECK (charge_pence >= 0 AND charge_pence <= cost_pence),
    quote_key     TEXT NOT NULL DEFAULT '',
    quote_name    TEXT NOT NULL DEFAULT '',
    quote_type    TEXT NOT NULL DEFAULT '',
    quote_size    BIGINT NOT NULL DEFAULT 0,
    quote_sha256  TEXT NOT NULL DEFAULT '',
    revision      INTEGER NOT NULL,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);
CREATE INDEX deposit_lines_tenancy ON deposit_lines(tenancy_id, created_at);
CREATE TABLE deposit_answers (
    line_id      TEXT NOT NULL REFERENCES deposit_lines(id) ON DELETE CASCADE,
    tenant_email TEXT NOT NULL,
    tenant_name  TEXT NOT NULL,
    revision     INTEGER NOT NULL,
    answer       TEXT NOT NULL CHECK (answer IN ('agree', 'dispute')),
    comment      TEXT NOT NULL DEFAULT '',
    answered_at  BIGINT NOT NULL,
    PRIMARY KEY (line_id, tenant_email)
);

-- +goose Down
DROP TABLE deposit_answers;
DROP TABLE deposit_lines;
DROP TABLE deposit_tenancies;
