-- +goose Up
-- Dialects: the same in both.
-- The photos a tenant adds to their dispute of a deduction (issue 45),
-- owned by internal/deposit: one row per photo, keyed by the line and the
-- tenant's e-mail (lower case), as deposit_answers is. Each photo is a JPEG
-- or PNG judged by content and stored cleaned of its metadata (EXIF, GPS)
-- under deposits/{tenancy}/answers/{line}/ (file_key), with a thumbnail
-- (thumb_key), the SHA-256 of the stored file, its size and pixels, the
-- capture time its EXIF gave before cleaning (NULL when none), the time it
-- was added and the line's revision it was added to. A photo stays with
-- its tenant's dispute of the line when the landlord changes the line (the
-- tenant is asked to answer again and, disputing again, keeps them); a
-- tenant who agrees with the line removes their photos of it. Removing
-- the line removes its photos. Times are Unix milliseconds.
CREATE TABLE deposit_answer_photos (
    id           TEXT PRIMARY KEY,
    line_id      TEXT NOT NULL REFERENCES deposit_lines(id) ON DELETE CASCADE,
    tenant_email TEXT NOT NULL,
    revision     INTEGER NOT NULL,
    file_name    TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size         BIGINT NOT NULL,
    sha256       TEXT NOT NULL,
    width        INTEGER NOT NULL,
    height       INTEGER NOT NULL,
    file_key     TEXT NOT NULL,
    thumb_key    TEXT NOT NULL,
    taken_at     BIGINT,
    uploaded_at  BIGINT NOT NULL
);
CREATE INDEX deposit_answer_photos_line ON deposit_answer_photos(line_id, tenant_email, uploaded_at);

-- +goose Down
DROP TABLE deposit_answer_photos;
