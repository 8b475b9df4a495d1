-- +goose Up
-- Dialects: differ. PostgreSQL's area searches move from the GiST index to a B-tree on
-- bands of latitude; SQLite keeps its R*Tree (00005), so its step is empty.
--
-- An area search reads boxes: a disc's bounding box for a first page, and
-- for deeper pages of a nearest-first search a dozen narrow boxes that
-- follow a ring (internal/property/search_store.go). A GiST probe of a
-- narrow box visited 20-40 index pages, their bounding boxes overlapping.
-- This B-tree is keyed on the band of latitude (a 500th of a degree,
-- about 0.14 miles: latitudeBands in search_store.go, which spells the key
-- as here) then longitude, so the piece of a box in one band is one descent
-- and one run of neighbouring entries. Measured on 1,000,000 listings
-- (docs/perf.md, issue 29). Like the GiST index it replaces, it holds only
-- Published rows and INCLUDEs every column an area search filters, ranks
-- or pages on, so the search is an index-only scan.
--
-- Built in one transaction: writes to properties wait for it (about a
-- second for 1,000,000 listings here). Instances of the version before,
-- still serving during a rolling start, lose the GiST index their area
-- searches read and fall back to properties_search (the same answers,
-- slower) until they stop.
CREATE INDEX properties_band ON properties ((floor(latitude * 500)::integer), longitude)
    INCLUDE (id, landlord_id, latitude, bedroom_count, bathroom_count, monthly_rent_pence, published_at)
    WHERE status = 'Published';
DROP INDEX properties_geo;

-- +goose Down
SELECT 1; -- forward-only
