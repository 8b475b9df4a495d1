-- +goose Up
-- Dialects: the same in both.
-- The deposit back (issue 45), owned by internal/deposit.
-- deposit_lines.statement: a rent-arrears line's evidence, the wallet's
-- rent statement of the property when the line was proposed or last edited
-- (JSON: each rent due date, its amount, what was paid and what is owed);
-- '[]' for every other reason.
-- deposit_returns: the return the landlord recorded, at most one per
-- tenancy (its primary key): the day the money went back, the deposit, the
-- deductions kept (agreed by every tenant), the amount returned and the
-- amount held until the scheme's dispute service decides, in integer
-- pence, and each tenant's share (JSON). A job books it in the wallet once
-- per source (wallet_links).
ALTER TABLE deposit_lines ADD COLUMN statement TEXT NOT NULL DEFAULT '[]';
CREATE TABLE deposit_returns (
    tenancy_id     TEXT PRIMARY KEY REFERENCES deposit_tenancies(tenancy_id),
    landlord_id    TEXT NOT NULL REFERENCES users(id),
    property_id    TEXT NOT NULL,
    address        TEXT NOT NULL DEFAULT '',
    returned_on    TEXT NOT NULL,
    deposit_pence  BIGINT NOT NULL CHECK (deposit_pence > 0),
    kept_pence     BIGINT NOT NULL CHECK (kept_pence >= 0),
    returned_pence BIGINT NOT NULL CHECK (returned_pence >= 0),
    held_pence     BIGINT NOT NULL CHECK (held_pence >= 0),
    shares         TEXT NOT NULL DEFAULT '[]',
    recorded_at    BIGINT NOT NULL
);

-- +goose Down
DROP TABLE deposit_returns;
ALTER TABLE deposit_lines DROP COLUMN statement;
