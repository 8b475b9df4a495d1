-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Photos become a mechanism any area can use (issue 11): evidence photos
-- keyed by the owning record (owner_kind, owner_id; property photos are kind
-- 'property'), with what inventory reports will need: the SHA-256 of the
-- stored cleaned original, when the picture was taken (EXIF
-- DateTimeOriginal read before cleaning, NULL when the file did not say),
-- when it was uploaded, and how it came ('upload'; later 'camera'). The
-- owning area decides who may see and change them (photo.Owners).
-- Stored objects stay where they were: properties/{owner_id}/{name} and
-- large/, thumb/ below it.
CREATE TABLE photos (
    name         TEXT PRIMARY KEY, -- random 16 characters + .png or .jpg
    owner_kind   TEXT NOT NULL,
    owner_id     TEXT NOT NULL,
    content_type TEXT NOT NULL,
    width        INTEGER NOT NULL, -- of the cleaned original
    height       INTEGER NOT NULL,
    large_width  INTEGER NOT NULL DEFAULT 0, -- 0 until the resize job has run
    large_height INTEGER NOT NULL DEFAULT 0,
    thumb_width  INTEGER NOT NULL DEFAULT 0,
    thumb_height INTEGER NOT NULL DEFAULT 0,
    sha256       TEXT NOT NULL DEFAULT '', -- hex; '' for photos uploaded before this step (not known)
    captured_at  BIGINT,                   -- NULL: the file gave no capture time
    uploaded_at  BIGINT NOT NULL,
    origin       TEXT NOT NULL DEFAULT 'upload'
);
CREATE INDEX photos_owner ON photos(owner_kind, owner_id, uploaded_at);

-- One row per owning record that has had photos, written first in every
-- upload's transaction: it serialises uploads to one record (a row lock on
-- PostgreSQL, the write lock on SQLite), so two at once cannot both pass the
-- per-record limit. The owning area's own tables are never touched.
CREATE TABLE photo_owners (
    owner_kind TEXT NOT NULL,
    owner_id   TEXT NOT NULL,
    locked_at  BIGINT NOT NULL,
    PRIMARY KEY (owner_kind, owner_id)
);

INSERT INTO photos (name, owner_kind, owner_id, content_type, width, height, large_width, large_height, thumb_width, thumb_height,
    sha256, captured_at, uploaded_at, origin)
SELECT name, 'property', property_id, content_type, width, height, large_width, large_height, thumb_width, thumb_height,
    '', NULL, created_at, 'upload'
FROM property_photos;

INSERT INTO photo_owners (owner_kind, owner_id, locked_at)
SELECT DISTINCT 'property', property_id, 0 FROM property_photos;

DROP TABLE property_photos;

-- +goose Down
SELECT 1; -- forward-only
