-- +goose Up
-- Dialects: differ only in how repair_events refuses changes (SQLite's
-- triggers raise; PostgreSQL's call a plpgsql function).
-- Repairs and maintenance (issue 44), owned by internal/repair. Times are
-- Unix milliseconds. A repair belongs to one property (property_id, no
-- foreign key: a deleted property's repairs stay as evidence) and its
-- landlord; tenancy_id is the signed agreement whose tenants see it ('' when
-- the landlord logged it for a property with none). aware_at is when the
-- landlord was made aware, the moment every clock counts from: the tenant's
-- report, or what the landlord says when logging a report received
-- elsewhere (channel and channel_note say how); round_at is where the
-- current round's clocks count from (aware_at, then each reopening).
-- answers, vulnerability and hazards are JSON. vulnerability (special
-- category data, shared with the tenant's explicit consent at
-- vulnerability_at) is kept here and not in the history, so the tenant can
-- withdraw it. cycle counts the rounds of
-- deadlines (one more at each reopening), repeats the reopenings; done_at
-- is when it was last verified, closed or declined (the 90 days to reopen);
-- next_due_at the earliest open deadline (lists, and the alert sweep to
-- come). seq and last_hash are the head of the history's hash chain.
-- client_key makes a report sent twice (a phone's retry) one repair.
CREATE TABLE repairs (
    id                 TEXT PRIMARY KEY,
    property_id        TEXT NOT NULL,
    landlord_id        TEXT NOT NULL REFERENCES users(id),
    tenancy_id         TEXT NOT NULL DEFAULT '',
    jurisdiction       TEXT NOT NULL,
    address            TEXT NOT NULL,
    reported_by        TEXT NOT NULL REFERENCES users(id),
    reporter_role      TEXT NOT NULL,
    reporter_name      TEXT NOT NULL,
    channel            TEXT NOT NULL,
    channel_note       TEXT NOT NULL DEFAULT '',
    client_key         TEXT NOT NULL DEFAULT '',
    aware_at           BIGINT NOT NULL,
    round_at           BIGINT NOT NULL,
    category           TEXT NOT NULL,
    answers            TEXT NOT NULL DEFAULT '{}',
    room               TEXT NOT NULL,
    description        TEXT NOT NULL,
    availability       TEXT NOT NULL DEFAULT '',
    entry_when_out     BOOLEAN NOT NULL DEFAULT FALSE,
    vulnerability      TEXT NOT NULL DEFAULT '[]',
    vulnerability_at   BIGINT,
    suggested_priority TEXT NOT NULL,
    priority           TEXT NOT NULL,
    hazards            TEXT NOT NULL DEFAULT '[]',
    status             TEXT NOT NULL,
    held_from          TEXT NOT NULL DEFAULT '',
    cycle              INTEGER NOT NULL DEFAULT 1,
    repeats            INTEGER NOT NULL DEFAULT 0,
    safety_work        BOOLEAN NOT NULL DEFAULT FALSE,
    done_at            BIGINT,
    next_due_at        BIGINT,
    seq                INTEGER NOT NULL DEFAULT 0,
    last_hash          TEXT NOT NULL DEFAULT '',
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL
);
CREATE INDEX repairs_landlord ON repairs(landlord_id, updated_at);
CREATE INDEX repairs_tenancy ON repairs(tenancy_id, updated_at);
CREATE INDEX repairs_next_due ON repairs(next_due_at);
CREATE UNIQUE INDEX repairs_client_key ON repairs(reported_by, client_key) WHERE client_key <> '';

-- The history: every report, change, message and notice, numbered from 1
-- per repair, each hashed with the one before (internal/repair hash.go).
-- Rows are only ever added (the triggers below).
CREATE TABLE repair_events (
    repair_id   TEXT NOT NULL REFERENCES repairs(id),
    seq         INTEGER NOT NULL,
    at          BIGINT NOT NULL,
    actor_id    TEXT NOT NULL DEFAULT '',
    actor_role  TEXT NOT NULL,
    actor_name  TEXT NOT NULL DEFAULT '',
    kind        TEXT NOT NULL,
    from_status TEXT NOT NULL DEFAULT '',
    to_status   TEXT NOT NULL DEFAULT '',
    body        TEXT NOT NULL DEFAULT '',
    data        TEXT NOT NULL DEFAULT '{}',
    prev_hash   TEXT NOT NULL,
    hash        TEXT NOT NULL,
    PRIMARY KEY (repair_id, seq)
);

-- +goose StatementBegin
CREATE FUNCTION repair_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'repair_events is append-only';
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER repair_events_no_change BEFORE UPDATE OR DELETE ON repair_events
    FOR EACH ROW EXECUTE FUNCTION repair_events_append_only();

-- A repair's clocks, counted from the catalogue (internal/repair
-- data/deadlines.yaml) when their trigger happened, one row per rule and
-- round (cycle). The rule's words, amount and source are copied, so a
-- later change of the catalogue does not rewrite what a repair was told.
-- met_by lists the statuses that meet it (comma-separated); met_at when
-- one was reached, stopped_at when the repair was closed or declined
-- first, notice_at when the landlord told the tenant it cannot be met.
CREATE TABLE repair_deadlines (
    repair_id    TEXT NOT NULL REFERENCES repairs(id),
    cycle        INTEGER NOT NULL,
    rule_id      TEXT NOT NULL,
    trigger_kind TEXT NOT NULL,
    trigger_at   BIGINT NOT NULL,
    due_at       BIGINT NOT NULL,
    due_day      TEXT NOT NULL,
    effect       TEXT NOT NULL,
    kind         TEXT NOT NULL,
    title        TEXT NOT NULL,
    action       TEXT NOT NULL,
    amount       INTEGER NOT NULL,
    unit         TEXT NOT NULL,
    met_by       TEXT NOT NULL DEFAULT '',
    source       TEXT NOT NULL,
    url          TEXT NOT NULL,
    note         TEXT NOT NULL DEFAULT '',
    met_at       BIGINT,
    stopped_at   BIGINT,
    notice_at    BIGINT,
    PRIMARY KEY (repair_id, cycle, rule_id)
);

-- +goose Down
DROP TABLE repair_deadlines;
DROP TABLE repair_events;
DROP FUNCTION repair_events_append_only();
DROP TABLE repairs;
