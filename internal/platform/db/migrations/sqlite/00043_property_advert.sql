-- +goose Up
-- Dialects: the same. The rent a property's listing last advertised, and
-- when (issue: the advertised rent is the rent, Renters' Rights Act 2025
-- s.56): kept when the listing is taken down, so an agreement made after
-- a short unpublish is still held to it (internal/property advert.go). A
-- listing published now advertises its current rent.
ALTER TABLE properties ADD COLUMN advertised_rent_pence BIGINT;
ALTER TABLE properties ADD COLUMN advertised_rent_cycle TEXT NOT NULL DEFAULT '';
ALTER TABLE properties ADD COLUMN advertised_at BIGINT;
UPDATE properties SET advertised_rent_pence = rent_pence, advertised_rent_cycle = rent_cycle, advertised_at = published_at
	WHERE status = 'Published' AND rent_pence IS NOT NULL AND published_at IS NOT NULL;

-- +goose Down
ALTER TABLE properties DROP COLUMN advertised_at;
ALTER TABLE properties DROP COLUMN advertised_rent_cycle;
ALTER TABLE properties DROP COLUMN advertised_rent_pence;
