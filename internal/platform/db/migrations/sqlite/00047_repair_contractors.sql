-- +goose Up
-- Dialects: the same.
-- Contractors and visits of repairs (issue 44), owned by internal/repair;
-- wallet_links by internal/wallet. Times are Unix milliseconds.
--
-- A landlord's contractors: trade is an id of internal/repair
-- data/contractors.yaml, registration the number the trade's scheme gives
-- (Gas Safe, NICEIC ...), insurance_expires a day (YYYY-MM-DD, '' unknown).
CREATE TABLE repair_contractors (
    id                TEXT PRIMARY KEY,
    landlord_id       TEXT NOT NULL REFERENCES users(id),
    name              TEXT NOT NULL,
    trade             TEXT NOT NULL,
    phone             TEXT NOT NULL,
    email             TEXT NOT NULL,
    registration      TEXT NOT NULL DEFAULT '',
    insurance_expires TEXT NOT NULL DEFAULT '',
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);
CREATE INDEX repair_contractors_landlord ON repair_contractors(landlord_id, name);

-- A repair sent to a contractor, numbered from 1 per repair (seq: the
-- newest is the repair's current job). The contractor's details are copied when
-- it is sent (what they were told stays, whatever the list becomes later).
-- token_hash is the SHA-256 of the job link's random token (the token is
-- only in the e-mail); the link works while state is offered, accepted or
-- done, before expires_at, and while the repair is open. One live job per
-- repair (the partial index); a reassignment withdraws the live one first.
-- The appointment: start and end, who proposed it, when and by whom it was
-- confirmed (the access notice went then), short_notice when the tenant
-- agreed to a visit inside the nation's notice period. The invoice: its
-- stored file, amount in pence, and the wallet entry it became.
CREATE TABLE repair_jobs (
    id                 TEXT PRIMARY KEY,
    repair_id          TEXT NOT NULL REFERENCES repairs(id),
    seq                INTEGER NOT NULL,
    contractor_id      TEXT NOT NULL REFERENCES repair_contractors(id),
    contractor_name    TEXT NOT NULL,
    contractor_trade   TEXT NOT NULL,
    contractor_phone   TEXT NOT NULL,
    contractor_email   TEXT NOT NULL,
    registration       TEXT NOT NULL DEFAULT '',
    note               TEXT NOT NULL DEFAULT '',
    token_hash         TEXT NOT NULL UNIQUE,
    state              TEXT NOT NULL,
    expires_at         BIGINT NOT NULL,
    appt_start         BIGINT,
    appt_end           BIGINT,
    appt_by            TEXT NOT NULL DEFAULT '',
    appt_confirmed_at  BIGINT,
    appt_confirmed_by  TEXT NOT NULL DEFAULT '',
    appt_round         INTEGER NOT NULL DEFAULT 0,
    short_notice       BOOLEAN NOT NULL DEFAULT FALSE,
    arrived_at         BIGINT,
    done_at            BIGINT,
    done_note          TEXT NOT NULL DEFAULT '',
    invoice_key        TEXT NOT NULL DEFAULT '',
    invoice_type       TEXT NOT NULL DEFAULT '',
    invoice_size       BIGINT NOT NULL DEFAULT 0,
    invoice_pence      BIGINT NOT NULL DEFAULT 0,
    invoice_at         BIGINT,
    wallet_id          TEXT NOT NULL DEFAULT '',
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL
);
CREATE UNIQUE INDEX repair_jobs_seq ON repair_jobs(repair_id, seq);
CREATE UNIQUE INDEX repair_jobs_live ON repair_jobs(repair_id) WHERE state IN ('offered', 'accepted');

-- The tenant's phone number for the contractor, shared only with the
-- tenant's agreement (agreed_at; a withdrawn agreement deletes the row).
CREATE TABLE repair_contacts (
    repair_id  TEXT PRIMARY KEY REFERENCES repairs(id),
    user_id    TEXT NOT NULL,
    name       TEXT NOT NULL,
    phone      TEXT NOT NULL,
    agreed_at  BIGINT NOT NULL
);

-- Where a wallet entry came from when another area made it (a repair's
-- invoice): one entry per source (the unique index makes a retried job
-- find the entry it made), with the words and link the entry shows.
CREATE TABLE wallet_links (
    transaction_id TEXT PRIMARY KEY,
    landlord_id    TEXT NOT NULL,
    source_kind    TEXT NOT NULL,
    source_id      TEXT NOT NULL,
    label          TEXT NOT NULL,
    link           TEXT NOT NULL,
    created_at     BIGINT NOT NULL
);
CREATE UNIQUE INDEX wallet_links_source ON wallet_links(source_kind, source_id);

-- +goose Down
DROP TABLE wallet_links;
DROP TABLE repair_contacts;
DROP TABLE repair_jobs;
DROP TABLE repair_contractors;
