-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- The documents area (issue 16), owned by internal/documents: a landlord's
-- compliance certificates per property, their files, the reminder ledger,
-- vendor booking requests and each property's compliance facts (has gas).
-- Dates that are calendar days (issued_on, expires_on) are YYYY-MM-DD text.
-- replaced_by names the certificate that replaced this one: replaced
-- certificates are history, never counted and never reminded.
CREATE TABLE certificates (
    id          TEXT PRIMARY KEY,
    owner_id    TEXT NOT NULL REFERENCES users(id),
    property_id TEXT NOT NULL,
    cert_type   TEXT NOT NULL,
    name        TEXT NOT NULL DEFAULT '',
    issued_on   TEXT NOT NULL,
    expires_on  TEXT NOT NULL,
    epc_rating  TEXT NOT NULL DEFAULT '',
    notes       TEXT NOT NULL DEFAULT '',
    replaced_by TEXT,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX certificates_owner ON certificates(owner_id, property_id);
CREATE INDEX certificates_current ON certificates(replaced_by, expires_on);

-- A certificate's uploaded files (PDF, JPEG or PNG, judged by content),
-- kept in platform/storage under storage_key.
CREATE TABLE certificate_files (
    id             TEXT PRIMARY KEY,
    certificate_id TEXT NOT NULL REFERENCES certificates(id) ON DELETE CASCADE,
    storage_key    TEXT NOT NULL,
    filename       TEXT NOT NULL,
    content_type   TEXT NOT NULL,
    size           BIGINT NOT NULL,
    sha256         TEXT NOT NULL,
    uploaded_at    BIGINT NOT NULL
);
CREATE INDEX certificate_files_certificate ON certificate_files(certificate_id, uploaded_at);

-- The reminder ledger: one row per certificate, stage ('30d', '7d', 'day')
-- and expiry date, written in the same transaction as the e-mail. The
-- unique key makes each reminder go exactly once, also with two workers.
-- certificate_key is "cert:<id>" or "report:<reportId>:<index>"; status is
-- 'sent' or 'skipped' (an earlier stage passed unsent when a later one was
-- due).
CREATE TABLE certificate_reminders (
    certificate_key TEXT NOT NULL,
    stage           TEXT NOT NULL,
    expires_on      TEXT NOT NULL,
    owner_id        TEXT NOT NULL,
    status          TEXT NOT NULL,
    sent_at         BIGINT NOT NULL,
    UNIQUE (certificate_key, stage, expires_on)
);

-- A landlord's request to book a certificate check with a vendor.
CREATE TABLE vendor_requests (
    id              TEXT PRIMARY KEY,
    owner_id        TEXT NOT NULL REFERENCES users(id),
    property_id     TEXT NOT NULL,
    cert_type       TEXT NOT NULL,
    preferred_dates TEXT NOT NULL,
    contact         TEXT NOT NULL,
    created_at      BIGINT NOT NULL
);
CREATE INDEX vendor_requests_property ON vendor_requests(owner_id, property_id, created_at);

-- What the documents area knows of a property's compliance: whether it
-- has gas (a gas safety certificate is then required). No row = has gas.
CREATE TABLE property_compliance (
    property_id TEXT PRIMARY KEY,
    owner_id    TEXT NOT NULL,
    has_gas     BOOLEAN NOT NULL DEFAULT TRUE,
    updated_at  BIGINT NOT NULL
);

-- +goose Down
SELECT 1; -- forward-only
