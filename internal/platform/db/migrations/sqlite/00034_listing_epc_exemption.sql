-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Issue 25, owned by internal/property: a home rated below the EPC minimum
-- (F or G) may be listed only with an exemption registered on the PRS
-- Exemptions Register: its type (an id of
-- internal/property/data/epc-exemptions.yaml) and the register's reference,
-- shown on the listing. '' for a home at or above the minimum.
ALTER TABLE properties ADD COLUMN epc_exemption TEXT NOT NULL DEFAULT '';
ALTER TABLE properties ADD COLUMN epc_exemption_ref TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE properties DROP COLUMN epc_exemption_ref;
ALTER TABLE properties DROP COLUMN epc_exemption;
