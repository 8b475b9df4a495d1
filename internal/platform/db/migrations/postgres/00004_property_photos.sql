-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Photos of a property (at most 10). The stored objects are under
-- properties/{property_id}/: the cleaned original ({name}), and, once the
-- background job has made them, large/{name} and thumb/{name}. Dimensions are
-- kept so pages can reserve the space before the image loads.
CREATE TABLE property_photos (
    name         TEXT PRIMARY KEY, -- random 16 characters + .png or .jpg
    property_id  TEXT NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
    content_type TEXT NOT NULL,
    width        INTEGER NOT NULL, -- of the cleaned original
    height       INTEGER NOT NULL,
    large_width  INTEGER NOT NULL DEFAULT 0, -- 0 until the resize job has run
    large_height INTEGER NOT NULL DEFAULT 0,
    thumb_width  INTEGER NOT NULL DEFAULT 0,
    thumb_height INTEGER NOT NULL DEFAULT 0,
    created_at   BIGINT NOT NULL
);
CREATE INDEX property_photos_property ON property_photos(property_id, created_at);

-- +goose Down
SELECT 1; -- forward-only
