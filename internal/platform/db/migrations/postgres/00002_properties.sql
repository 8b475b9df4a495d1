-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- A landlord's rental address and its portal (listing) details. Deleting
-- moves status to Disabled: rows stay because contracts and reports refer to them.
CREATE TABLE properties (
    id                 TEXT PRIMARY KEY,
    landlord_id        TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    status             TEXT NOT NULL CHECK (status IN ('Active', 'Published', 'Disabled')),
    addr_first_line    TEXT NOT NULL,
    addr_second_line   TEXT NOT NULL DEFAULT '',
    town               TEXT NOT NULL,
    postcode           TEXT NOT NULL, -- normalised, e.g. SW1A 1AA
    country            TEXT NOT NULL,
    latitude           DOUBLE PRECISION, -- postcode-district centroid
    longitude          DOUBLE PRECISION,
    nearby_stations    TEXT NOT NULL DEFAULT '[]', -- JSON: the two nearest stations with distances
    rent_pence         BIGINT,
    rent_cycle         TEXT NOT NULL DEFAULT 'Monthly' CHECK (rent_cycle IN ('Weekly', 'Monthly')),
    monthly_rent_pence BIGINT, -- rent as a monthly figure (weekly x 52 / 12), so price filters compare like with like
    bedroom_count      INTEGER NOT NULL DEFAULT 0,
    bathroom_count     INTEGER NOT NULL DEFAULT 0,
    sofas_count        INTEGER NOT NULL DEFAULT 0,
    furnish_status     TEXT NOT NULL DEFAULT '',
    move_in_date       TEXT, -- YYYY-MM-DD
    short_description  TEXT NOT NULL DEFAULT '',
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL,
    published_at       BIGINT
);
CREATE INDEX properties_landlord ON properties(landlord_id, status, created_at);
CREATE INDEX properties_search ON properties(status, latitude, longitude);
CREATE INDEX properties_newest ON properties(status, published_at, id);

-- +goose Down
SELECT 1; -- forward-only
