-- +goose Up
-- Dialects: the same in both.
-- Notices served during a tenancy (issue 45), owned by internal/notices.
-- Times are Unix milliseconds; days are YYYY-MM-DD (UK calendar days).
-- notice_tenancies is one row per tenancy (a signed agreement, by its id)
-- that has a notice: every change to a tenancy's notices locks it first,
-- so two changes at once (two increases proposed together, a tenant
-- accepting while the landlord withdraws) are decided one after the other.
-- rent_increases: a landlord's proposed new rent (integer pence), the day
-- it takes effect, how and when the notice was served, the tenants who
-- accepted it (JSON: email, name, at). tenant_notices: a tenant's notice
-- ending the tenancy, one per tenancy, with the moment it was given and the
-- day the tenancy ends. No foreign key to the agreement: the notices stay
-- as evidence.
CREATE TABLE notice_tenancies (
    tenancy_id  TEXT PRIMARY KEY,
    landlord_id TEXT NOT NULL REFERENCES users(id),
    updated_at  BIGINT NOT NULL
);
CREATE TABLE rent_increases (
    id           TEXT PRIMARY KEY,
    tenancy_id   TEXT NOT NULL REFERENCES notice_tenancies(tenancy_id),
    landlord_id  TEXT NOT NULL REFERENCES users(id),
    property_id  TEXT NOT NULL,
    jurisdiction TEXT NOT NULL,
    address      TEXT NOT NULL,
    old_pence    BIGINT NOT NULL CHECK (old_pence > 0),
    new_pence    BIGINT NOT NULL CHECK (new_pence > old_pence),
    period       TEXT NOT NULL,
    effective_on TEXT NOT NULL,
    status       TEXT NOT NULL,
    method       TEXT NOT NULL DEFAULT '',
    served_on    TEXT NOT NULL DEFAULT '',
    served_at    BIGINT,
    acceptances  TEXT NOT NULL DEFAULT '[]',
    withdrawn_at BIGINT,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX rent_increases_tenancy ON rent_increases(tenancy_id, created_at);
CREATE INDEX rent_increases_landlord ON rent_increases(landlord_id, created_at);
CREATE TABLE tenant_notices (
    id             TEXT PRIMARY KEY,
    tenancy_id     TEXT NOT NULL UNIQUE REFERENCES notice_tenancies(tenancy_id),
    landlord_id    TEXT NOT NULL REFERENCES users(id),
    property_id    TEXT NOT NULL,
    jurisdiction   TEXT NOT NULL,
    address        TEXT NOT NULL,
    given_by       TEXT NOT NULL REFERENCES users(id),
    given_by_name  TEXT NOT NULL,
    given_by_email TEXT NOT NULL,
    given_at       BIGINT NOT NULL,
    end_on         TEXT NOT NULL,
    created_at     BIGINT NOT NULL
);

-- +goose Down
DROP TABLE tenant_notices;
DROP TABLE rent_increases;
DROP TABLE notice_tenancies;
