-- +goose Up
-- Dialects: the tables are the same; the append-only trigger on signing_events is written in each dialect's own language.
-- Signing (issue 13), owned by internal/signing, for every document the
-- platform makes people sign (tenancy agreements now, inventory reports
-- next), named by kind and subject_id.
--
-- An envelope is created when the first signer signs: document is the frozen
-- text (JSON) every later signer reads, doc_hash its SHA-256. pdf_hash is the
-- SHA-256 of the sealed PDF once every signer has signed.
CREATE TABLE signing_envelopes (
    id           TEXT PRIMARY KEY,
    kind         TEXT NOT NULL,
    subject_id   TEXT NOT NULL,
    title        TEXT NOT NULL,
    document     TEXT NOT NULL,
    doc_hash     TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    completed_at BIGINT,
    pdf_key      TEXT NOT NULL DEFAULT '',
    pdf_hash     TEXT NOT NULL DEFAULT '',
    UNIQUE (kind, subject_id)
);
CREATE INDEX signing_envelopes_pdf ON signing_envelopes(pdf_hash);

-- The signers in order: a signer of a higher stage signs only after every
-- signer of a lower stage. The signature's evidence is kept on its row.
CREATE TABLE signing_signers (
    envelope_id TEXT NOT NULL REFERENCES signing_envelopes(id),
    position    INTEGER NOT NULL,
    stage       INTEGER NOT NULL,
    role        TEXT NOT NULL,
    name        TEXT NOT NULL,
    email       TEXT NOT NULL,
    email_key   TEXT NOT NULL,
    user_id     TEXT NOT NULL DEFAULT '',
    signed_at   BIGINT,
    method      TEXT NOT NULL DEFAULT '',
    typed       TEXT NOT NULL DEFAULT '',
    image_key   TEXT NOT NULL DEFAULT '',
    ip          TEXT NOT NULL DEFAULT '',
    user_agent  TEXT NOT NULL DEFAULT '',
    doc_hash    TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (envelope_id, position)
);
CREATE INDEX signing_signers_email ON signing_signers(email_key);

-- The audit trail: created, sent, viewed, code_verified, paid, signed,
-- completed, downloaded. Rows are only ever added (the trigger below).
CREATE TABLE signing_events (
    id         TEXT PRIMARY KEY,
    kind       TEXT NOT NULL,
    subject_id TEXT NOT NULL,
    seq        BIGINT NOT NULL,
    at         BIGINT NOT NULL,
    event      TEXT NOT NULL,
    actor      TEXT NOT NULL DEFAULT '',
    detail     TEXT NOT NULL DEFAULT '',
    ip         TEXT NOT NULL DEFAULT ''
);
CREATE INDEX signing_events_subject ON signing_events(kind, subject_id, seq);

-- +goose StatementBegin
CREATE TRIGGER signing_events_no_update BEFORE UPDATE ON signing_events
BEGIN
    SELECT RAISE(ABORT, 'signing_events is append-only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER signing_events_no_delete BEFORE DELETE ON signing_events
BEGIN
    SELECT RAISE(ABORT, 'signing_events is append-only');
END;
-- +goose StatementEnd

-- The newest e-mailed code of a signer for a document: only its HMAC is
-- kept. sends counts the codes sent since window_start (a day).
CREATE TABLE signing_codes (
    kind         TEXT NOT NULL,
    subject_id   TEXT NOT NULL,
    user_id      TEXT NOT NULL,
    code_hash    TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    verified_at  BIGINT,
    sends        INTEGER NOT NULL DEFAULT 1,
    window_start BIGINT NOT NULL,
    PRIMARY KEY (kind, subject_id, user_id)
);

-- The contract fee's order, once made: one order per agreement.
ALTER TABLE contracts ADD COLUMN order_id TEXT NOT NULL DEFAULT '';

-- +goose Down
SELECT 1; -- forward-only
