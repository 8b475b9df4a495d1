-- +goose Up
-- Dialects: differ. PostgreSQL has a GiST index it maintains itself; SQLite an R*Tree
-- kept by triggers.
-- Spatial index for public listing search: a GiST index on the point of each
-- Published property (built in, no extension), which the search queries with
-- `point(longitude, latitude) <@ box(...)` (internal/property/search_store.go).
-- PostgreSQL keeps it up to date itself; only Published rows are in it.
--
-- It INCLUDEs every column an area search filters, ranks or pages on, so the
-- search is an index-only scan: listings near each other are scattered over
-- the table, and reading them from the heap cost one page per row (a 3-mile
-- box in London, 1,000,000 listings: 27 ms from the heap, 7 ms index-only;
-- docs/perf.md). The plain (status, latitude, longitude) B-tree narrows by
-- latitude only, a band across the whole country.
CREATE INDEX properties_geo ON properties USING gist (point(longitude, latitude))
    INCLUDE (id, landlord_id, latitude, longitude, bedroom_count, bathroom_count, monthly_rent_pence, published_at)
    WHERE status = 'Published';

-- +goose Down
SELECT 1; -- forward-only
