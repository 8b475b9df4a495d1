-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Times are Unix milliseconds (BIGINT) in both dialects: portable and exact.
CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    email         TEXT NOT NULL UNIQUE, -- stored lower-cased
    full_name     TEXT NOT NULL,
    user_type     TEXT NOT NULL CHECK (user_type IN ('Landlord', 'Tenant')),
    role          TEXT NOT NULL DEFAULT 'User' CHECK (role IN ('User', 'Admin')),
    password_hash TEXT NOT NULL,
    verified_at   BIGINT,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);

CREATE TABLE sessions (
    id_hash      TEXT PRIMARY KEY, -- SHA-256 of the cookie token; the token itself is never stored
    user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    ip           TEXT NOT NULL DEFAULT '',
    user_agent   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE auth_codes (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL, -- signup | reset | change_password
    code_hash  TEXT NOT NULL, -- HMAC-SHA256 with the server secret
    attempts   INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX auth_codes_user_purpose ON auth_codes(user_id, purpose, created_at);

CREATE TABLE auth_failures (
    id  TEXT PRIMARY KEY,
    key TEXT NOT NULL, -- "account:<email>" or "ip:<address>"
    at  BIGINT NOT NULL
);
CREATE INDEX auth_failures_key_at ON auth_failures(key, at);

CREATE TABLE jobs (
    id           TEXT PRIMARY KEY,
    kind         TEXT NOT NULL,
    payload      TEXT NOT NULL,
    run_at       BIGINT NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    locked_until BIGINT,
    last_error   TEXT NOT NULL DEFAULT '',
    done_at      BIGINT,
    failed_at    BIGINT,
    created_at   BIGINT NOT NULL
);
CREATE INDEX jobs_due ON jobs(done_at, failed_at, run_at);

CREATE TABLE mail_outbox (
    id         TEXT PRIMARY KEY,
    to_addr    TEXT NOT NULL,
    subject    TEXT NOT NULL,
    text_body  TEXT NOT NULL,
    html_body  TEXT NOT NULL,
    status     TEXT NOT NULL, -- queued | sent | kept (local outbox) | failed
    error      TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    sent_at    BIGINT
);
CREATE INDEX mail_outbox_to ON mail_outbox(to_addr, created_at);

-- +goose Down
SELECT 1; -- forward-only
