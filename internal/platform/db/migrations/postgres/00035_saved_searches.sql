-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Issue 27, owned by internal/savedsearch: a signed-in user's saved listing
-- searches (the search page's filters as a query string) and the daily
-- e-mail of listings published since the last one. checked_at: listings
-- published after it are new (the saving time, then each e-mail's time);
-- emails: false once unsubscribed.
CREATE TABLE saved_searches (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL,
    name       TEXT NOT NULL,
    query      TEXT NOT NULL,
    emails     BOOLEAN NOT NULL DEFAULT TRUE,
    checked_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX saved_searches_user ON saved_searches (user_id, created_at);

-- One row per e-mail sent: its primary key (the search, the UK day) makes
-- at most one e-mail a day per search, decided when two sweeps race; the
-- e-mail's unsubscribe token is kept only as its SHA-256.
CREATE TABLE saved_search_sends (
    saved_search_id  TEXT NOT NULL,
    day              TEXT NOT NULL,
    sent_at          BIGINT NOT NULL,
    listing_count    INTEGER NOT NULL,
    unsubscribe_hash TEXT NOT NULL UNIQUE,
    PRIMARY KEY (saved_search_id, day)
);

-- +goose Down
DROP TABLE saved_search_sends;
DROP TABLE saved_searches;
