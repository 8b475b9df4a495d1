-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Sign-in and code throttles (issue 10).

-- Addresses an account has signed in from with the right password. The
-- per-account ceiling of failed sign-ins does not apply at these, so guesses
-- from elsewhere cannot lock the owner out. Rows unused for 90 days are
-- deleted when the account signs in again.
CREATE TABLE auth_known_addresses (
    user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    ip           TEXT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, ip)
);

-- Wrong codes entered, per account and purpose, whichever code they were
-- aimed at: caps guesses per hour and per day however many codes were sent.
-- Rows older than a day are deleted when a new one is recorded.
CREATE TABLE auth_code_guesses (
    id      TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    purpose TEXT NOT NULL,
    at      BIGINT NOT NULL
);
CREATE INDEX auth_code_guesses_user_at ON auth_code_guesses(user_id, purpose, at);
CREATE INDEX auth_code_guesses_at ON auth_code_guesses(at);

-- Failed sign-ins are now pruned by age across every key.
CREATE INDEX auth_failures_at ON auth_failures(at);

-- +goose Down
SELECT 1; -- forward-only
