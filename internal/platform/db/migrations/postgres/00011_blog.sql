-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Blog posts written by admins in Markdown; body_html is the sanitised
-- rendering made on save. Images are uploads kept under blog/ in storage.
CREATE TABLE blog_images (
    name         TEXT PRIMARY KEY, -- random 16 characters + .png or .jpg
    content_type TEXT NOT NULL,
    width        INTEGER NOT NULL,
    height       INTEGER NOT NULL,
    created_at   BIGINT NOT NULL
);

CREATE TABLE blog_posts (
    id           TEXT PRIMARY KEY,
    slug         TEXT NOT NULL UNIQUE,
    title        TEXT NOT NULL,
    body         TEXT NOT NULL, -- Markdown
    body_html    TEXT NOT NULL,
    excerpt      TEXT NOT NULL,
    main_image   TEXT NOT NULL DEFAULT '', -- blog_images.name or ''
    author_name  TEXT NOT NULL,
    author_image TEXT NOT NULL DEFAULT '',
    status       TEXT NOT NULL CHECK (status IN ('draft', 'published')),
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    published_at BIGINT
);
CREATE INDEX blog_posts_published ON blog_posts(status, published_at);

-- +goose Down
SELECT 1; -- forward-only
