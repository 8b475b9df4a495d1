-- +goose Up
-- Dialects: differ only in the type of the photo position columns (REAL in SQLite, DOUBLE PRECISION in PostgreSQL).
-- Inventory and condition reports (issue 14), owned by internal/inventory.
-- data is the report's sections as JSON, saved as the inspector goes;
-- revision counts saves, so a device holding an older copy cannot
-- overwrite a newer one unseen. stamps are the time and location stamps
-- (JSON). status: Draft, ATS, ADS, Disputed, Completed; payment_status
-- Pending or Paid; order_id the report fee's one order, once made.
CREATE TABLE inventory_reports (
    id             TEXT PRIMARY KEY,
    creator_id     TEXT NOT NULL REFERENCES users(id),
    property_id    TEXT NOT NULL,
    report_type    TEXT NOT NULL,
    status         TEXT NOT NULL,
    payment_status TEXT NOT NULL,
    data           TEXT NOT NULL,
    revision       INTEGER NOT NULL,
    cloned_from    TEXT NOT NULL DEFAULT '',
    stamps         TEXT NOT NULL DEFAULT '[]',
    order_id       TEXT NOT NULL DEFAULT '',
    disputed_from  TEXT NOT NULL DEFAULT '',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX inventory_reports_creator ON inventory_reports(creator_id, created_at);

-- The landlord's and tenants' e-mails named in a report, lowercased:
-- rewritten with the data; they see the report once it is sent.
CREATE TABLE inventory_parties (
    report_id TEXT NOT NULL REFERENCES inventory_reports(id) ON DELETE CASCADE,
    email_key TEXT NOT NULL,
    PRIMARY KEY (report_id, email_key)
);
CREATE INDEX inventory_parties_email ON inventory_parties(email_key);

-- Disputes of a sent report (spec 3 section 3, "Dispute entry"): a thread
-- of comments per section; only an entry's author resolves it. While any
-- entry is unresolved the report is Disputed; disputed_from (above) is the
-- status it returns to.
CREATE TABLE inventory_disputes (
    id           TEXT PRIMARY KEY,
    report_id    TEXT NOT NULL REFERENCES inventory_reports(id) ON DELETE CASCADE,
    section      TEXT NOT NULL,
    author_id    TEXT NOT NULL,
    author_email TEXT NOT NULL,
    author_name  TEXT NOT NULL,
    author_role  TEXT NOT NULL,
    comment      TEXT NOT NULL,
    photo        TEXT NOT NULL DEFAULT '',
    resolved     BOOLEAN NOT NULL DEFAULT FALSE,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX inventory_disputes_report ON inventory_disputes(report_id, created_at);

-- Who uploaded each photo (evidence for inventory reports); '' for older photos.
ALTER TABLE photos ADD COLUMN uploader_id TEXT NOT NULL DEFAULT '';
-- Where the original's EXIF said it was taken (evidence; never served).
ALTER TABLE photos ADD COLUMN gps_lat REAL;
ALTER TABLE photos ADD COLUMN gps_lng REAL;

-- +goose Down
SELECT 1; -- forward-only
