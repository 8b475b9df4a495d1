-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- The calendar (issue 17), owned by internal/calendar.
-- One row per event (a series when frequency is not one-off). Times are
-- Europe/London wall-clock: start_date YYYY-MM-DD, start_time and end_time
-- HH:MM, time_zone the IANA name; rrule is the RFC 5545 rule (FREQ and
-- UNTIL) the occurrences are expanded from, never stored one by one.
-- attendees is JSON [{firstName,lastName,email}]. sequence counts the
-- changes attendees were told of (the invitation's SEQUENCE). alerts_from
-- is the creation or last edit: no alert earlier than it is ever sent.
CREATE TABLE calendar_events (
    id            TEXT PRIMARY KEY,
    owner_id      TEXT NOT NULL REFERENCES users(id),
    category      TEXT NOT NULL,
    title         TEXT NOT NULL,
    description   TEXT NOT NULL,
    property_id   TEXT NOT NULL DEFAULT '',
    address       TEXT NOT NULL,
    attendees     TEXT NOT NULL DEFAULT '[]',
    start_date    TEXT NOT NULL,
    start_time    TEXT NOT NULL,
    end_time      TEXT NOT NULL,
    time_zone     TEXT NOT NULL,
    frequency     TEXT NOT NULL,
    limit_date    TEXT NOT NULL DEFAULT '',
    rrule         TEXT NOT NULL DEFAULT '',
    alert         TEXT NOT NULL,
    sequence      INTEGER NOT NULL DEFAULT 0,
    alerts_from   BIGINT NOT NULL,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);
CREATE INDEX calendar_events_owner ON calendar_events(owner_id, start_date);

-- One occurrence of a series changed (moved, retitled) or deleted on its
-- own; occurrence is its original start, YYYY-MM-DDTHH:MM London time
-- (the iCalendar RECURRENCE-ID / EXDATE).
CREATE TABLE calendar_exceptions (
    event_id   TEXT NOT NULL REFERENCES calendar_events(id) ON DELETE CASCADE,
    occurrence TEXT NOT NULL,
    deleted    BOOLEAN NOT NULL DEFAULT FALSE,
    title      TEXT NOT NULL DEFAULT '',
    start_date TEXT NOT NULL DEFAULT '',
    start_time TEXT NOT NULL DEFAULT '',
    end_time   TEXT NOT NULL DEFAULT '',
    -- when this occurrence was changed (Unix ms): an alert whose time had
    -- already passed then is not sent, as for an edited series.
    changed_at BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, occurrence)
);

-- The alert ledger: one row per alert sent, so each occurrence's alert
-- goes out exactly once whichever worker or server gets there first.
-- event_key is an event id or a generated date's key; occurrence the
-- occurrence's start as above (a day for generated dates).
CREATE TABLE calendar_alerts (
    event_key  TEXT NOT NULL,
    occurrence TEXT NOT NULL,
    owner_id   TEXT NOT NULL,
    late       BOOLEAN NOT NULL DEFAULT FALSE,
    sent_at    BIGINT NOT NULL,
    PRIMARY KEY (event_key, occurrence)
);

-- Generated legal dates the user marked done (their alerts stop).
CREATE TABLE calendar_done (
    owner_id TEXT NOT NULL REFERENCES users(id),
    gen_key  TEXT NOT NULL,
    done_at  BIGINT NOT NULL,
    PRIMARY KEY (owner_id, gen_key)
);

-- Private subscription feeds: token is 32 random bytes (base64url). It is
-- kept as it is, not hashed, so the owner's page can show the URL again;
-- it reads this one calendar only and the owner resets it at will.
CREATE TABLE calendar_feeds (
    owner_id   TEXT PRIMARY KEY REFERENCES users(id),
    token      TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

-- platform/mail: files attached to an e-mail (the calendar's .ics
-- invitations), JSON [{name, contentType, data (base64)}], kept in the
-- outbox with the message so the development mailbox shows them.
ALTER TABLE mail_outbox ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';

-- +goose Down
SELECT 1; -- forward-only
