-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Headlines collected from RSS and Atom feeds; the URL identifies an
-- article, so a story in several feeds is kept once.
CREATE TABLE news_articles (
    id           TEXT PRIMARY KEY,
    view         TEXT NOT NULL CHECK (view IN ('uk', 'world')),
    url          TEXT NOT NULL UNIQUE,
    title        TEXT NOT NULL,
    source       TEXT NOT NULL,
    content      TEXT NOT NULL, -- plain text, at most 600 characters
    author       TEXT NOT NULL,
    image_url    TEXT NOT NULL, -- https only, or ''
    published_at BIGINT NOT NULL,
    fetched_at   BIGINT NOT NULL
);
CREATE INDEX news_articles_view ON news_articles(view, published_at);

-- +goose Down
SELECT 1; -- forward-only
