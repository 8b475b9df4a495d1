-- +goose Up
-- Dialects: differ. SQLite has no spatial index type usable here, so an R*Tree kept by
-- triggers; PostgreSQL a GiST index it maintains itself.
-- Spatial index for public listing search: an R*Tree over the coordinates of
-- Published properties, kept in step with `properties` by the triggers below
-- (so no Go write path has to remember it) and filled from existing rows here.
--
-- The R*Tree also carries, as auxiliary columns, everything a search filters,
-- ranks or pages on (exact coordinates, beds, baths, monthly rent, landlord,
-- published_at), so a radius search reads the R*Tree alone and loads only its
-- page of 20 rows from `properties` (internal/property/search_store.go).
--
-- R*Tree keys are integers and `properties.id` is text; its implicit rowid is
-- not stable (VACUUM may renumber a table without an INTEGER PRIMARY KEY). So
-- properties_geo_keys gives each indexed property a key k, which also puts the
-- R*Tree's rows (kept in a table ordered by k) in map order: k is a grid cell
-- of 0.02 degrees (about 1.4 by 0.9 miles), row by row, times 2^32, plus a
-- sequence number seq that makes it unique. Reading the rows of one area then
-- reads neighbouring pages instead of one page per row: that halved the time
-- of a 3-mile search reading every row in its box (docs/perf.md).
CREATE TABLE properties_geo_keys (
    seq INTEGER PRIMARY KEY, -- max + 1 when added: below 2^32 for billions of changes
    id  TEXT NOT NULL UNIQUE, -- properties.id
    k   INTEGER NOT NULL      -- cell * 2^32 + seq
);

CREATE VIRTUAL TABLE properties_geo USING rtree(
    k,
    min_lat, max_lat, -- a point: min = max (stored as 32-bit floats, rounded outwards)
    min_lon, max_lon,
    +id TEXT,
    +landlord_id TEXT,
    +latitude REAL, -- exact, for distances
    +longitude REAL,
    +bedroom_count INTEGER,
    +bathroom_count INTEGER,
    +monthly_rent_pence INTEGER,
    +published_at INTEGER
);

INSERT INTO properties_geo_keys (seq, id, k)
SELECT n, id, (CAST((latitude + 90) * 50 AS INTEGER) * 18000 + CAST((longitude + 180) * 50 AS INTEGER)) * 4294967296 + n
FROM (SELECT row_number() OVER (ORDER BY id) AS n, id, latitude, longitude FROM properties
      WHERE status = 'Published' AND latitude IS NOT NULL AND longitude IS NOT NULL);
INSERT INTO properties_geo
SELECT g.k, p.latitude, p.latitude, p.longitude, p.longitude, p.id, p.landlord_id, p.latitude, p.longitude,
       p.bedroom_count, p.bathroom_count, p.monthly_rent_pence, p.published_at
FROM properties_geo_keys g JOIN properties p ON p.id = g.id;

-- The triggers add a Published, placed property (the same two statements in
-- each) and remove an entry by its key.
-- +goose StatementBegin
CREATE TRIGGER properties_geo_insert AFTER INSERT ON properties
WHEN new.status = 'Published' AND new.latitude IS NOT NULL AND new.longitude IS NOT NULL
BEGIN
    INSERT INTO properties_geo_keys (seq, id, k)
    SELECT n, new.id, (CAST((new.latitude + 90) * 50 AS INTEGER) * 18000 + CAST((new.longitude + 180) * 50 AS INTEGER)) * 4294967296 + n
    FROM (SELECT ifnull(max(seq), 0) + 1 AS n FROM properties_geo_keys);
    INSERT INTO properties_geo
    SELECT k, new.latitude, new.latitude, new.longitude, new.longitude, new.id, new.landlord_id, new.latitude, new.longitude,
           new.bedroom_count, new.bathroom_count, new.monthly_rent_pence, new.published_at
    FROM properties_geo_keys WHERE id = new.id;
END;
-- +goose StatementEnd

-- Any change to a mirrored column replaces the entry: removed, then added
-- again if the property is (still) Published and placed.
-- +goose StatementBegin
CREATE TRIGGER properties_geo_update
AFTER UPDATE OF id, status, latitude, longitude, landlord_id, bedroom_count, bathroom_count, monthly_rent_pence, published_at ON properties
WHEN old.id IS NOT new.id OR old.status IS NOT new.status OR old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude
  OR old.landlord_id IS NOT new.landlord_id OR old.bedroom_count IS NOT new.bedroom_count OR old.bathroom_count IS NOT new.bathroom_count
  OR old.monthly_rent_pence IS NOT new.monthly_rent_pence OR old.published_at IS NOT new.published_at
BEGIN
    DELETE FROM properties_geo WHERE k = (SELECT k FROM properties_geo_keys WHERE id = old.id);
    DELETE FROM properties_geo_keys WHERE id = old.id;
    INSERT INTO properties_geo_keys (seq, id, k)
    SELECT n, new.id, (CAST((new.latitude + 90) * 50 AS INTEGER) * 18000 + CAST((new.longitude + 180) * 50 AS INTEGER)) * 4294967296 + n
    FROM (SELECT ifnull(max(seq), 0) + 1 AS n FROM properties_geo_keys)
    WHERE new.status = 'Published' AND new.latitude IS NOT NULL AND new.longitude IS NOT NULL;
    INSERT INTO properties_geo
    SELECT k, new.latitude, new.latitude, new.longitude, new.longitude, new.id, new.landlord_id, new.latitude, new.longitude,
           new.bedroom_count, new.bathroom_count, new.monthly_rent_pence, new.published_at
    FROM properties_geo_keys WHERE id = new.id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER properties_geo_delete AFTER DELETE ON properties
BEGIN
    DELETE FROM properties_geo WHERE k = (SELECT k FROM properties_geo_keys WHERE id = old.id);
    DELETE FROM properties_geo_keys WHERE id = old.id;
END;
-- +goose StatementEnd

-- +goose Down
SELECT 1; -- forward-only
