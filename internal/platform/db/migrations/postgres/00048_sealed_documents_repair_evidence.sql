-- +goose Up
-- Dialects: the same.
-- Sealed documents without signatures (internal/signing sealed.go): a PDF
-- OmniRent drew and sealed for one of an area's records (a repair's
-- history now, a deposit's evidence pack next), checkable on /verify like
-- a signed document. public_ref is printed on the PDF; pdf_hash is the
-- SHA-256 of its bytes; version is the area's word for what the PDF shows
-- (a repair's history head and its clocks' states), so the same content
-- asked twice is one sealed document and a changed one is a new one.
CREATE TABLE sealed_documents (
    id         TEXT PRIMARY KEY,
    public_ref TEXT NOT NULL UNIQUE,
    kind       TEXT NOT NULL,
    subject_id TEXT NOT NULL,
    version    TEXT NOT NULL,
    title      TEXT NOT NULL,
    pdf_key    TEXT NOT NULL,
    pdf_hash   TEXT NOT NULL,
    pdf_size   BIGINT NOT NULL,
    sealed_at  BIGINT NOT NULL
);
CREATE UNIQUE INDEX sealed_documents_version ON sealed_documents(kind, subject_id, version);
CREATE INDEX sealed_documents_hash ON sealed_documents(pdf_hash);

-- Repair alerts (internal/repair alerts.go): one row per clock, round and
-- stage ('near', 'overdue'), inserted in the transaction that queues the
-- landlord's e-mail and adds the calendar event, so several instances
-- sweeping at once alert once.
CREATE TABLE repair_alerts (
    repair_id TEXT NOT NULL REFERENCES repairs(id),
    cycle     INTEGER NOT NULL,
    rule_id   TEXT NOT NULL,
    stage     TEXT NOT NULL,
    sent_at   BIGINT NOT NULL,
    PRIMARY KEY (repair_id, cycle, rule_id, stage)
);
-- The sweep reads the open clocks by their due moment.
CREATE INDEX repair_deadlines_open_due ON repair_deadlines(due_at) WHERE met_at IS NULL AND stopped_at IS NULL;

-- The original message of a report a landlord logged (a PDF, an e-mail
-- saved as .eml, a text file), stored as received with its SHA-256; an
-- image is kept as a repair photo instead (location data stripped).
CREATE TABLE repair_files (
    name         TEXT PRIMARY KEY,
    repair_id    TEXT NOT NULL REFERENCES repairs(id),
    file_name    TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size         BIGINT NOT NULL,
    sha256       TEXT NOT NULL,
    storage_key  TEXT NOT NULL,
    uploaded_by  TEXT NOT NULL,
    uploaded_at  BIGINT NOT NULL
);
CREATE INDEX repair_files_repair ON repair_files(repair_id, uploaded_at);

-- A certificate's outcome (internal/documents outcome.go): an EICR or a
-- gas safety record found satisfactory or unsatisfactory. Kept beside the
-- certificate (its row goes with it); an unsatisfactory one opens a repair.
CREATE TABLE certificate_outcomes (
    certificate_id TEXT PRIMARY KEY REFERENCES certificates(id) ON DELETE CASCADE,
    outcome        TEXT NOT NULL,
    recorded_at    BIGINT NOT NULL
);

-- +goose Down
DROP TABLE certificate_outcomes;
DROP TABLE repair_files;
DROP INDEX repair_deadlines_open_due;
DROP TABLE repair_alerts;
DROP TABLE sealed_documents;
