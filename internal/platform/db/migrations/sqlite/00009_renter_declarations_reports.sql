-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- The renter's side of a reference check: the self-declaration, the bank
-- consent, and the report. Bank statements are never stored: the report job
-- fetches them with the consent code and keeps only the report's figures.
ALTER TABLE reference_check_renters ADD COLUMN mobile TEXT NOT NULL DEFAULT '';
ALTER TABLE reference_check_renters ADD COLUMN date_of_birth TEXT NOT NULL DEFAULT ''; -- YYYY-MM-DD
ALTER TABLE reference_check_renters ADD COLUMN declared_income_pence BIGINT NOT NULL DEFAULT 0;
ALTER TABLE reference_check_renters ADD COLUMN declaration TEXT NOT NULL DEFAULT ''; -- JSON answers
ALTER TABLE reference_check_renters ADD COLUMN declared_at BIGINT;
ALTER TABLE reference_check_renters ADD COLUMN bank_state TEXT NOT NULL DEFAULT ''; -- random, names the consent
ALTER TABLE reference_check_renters ADD COLUMN bank_code TEXT NOT NULL DEFAULT ''; -- cleared once used
ALTER TABLE reference_check_renters ADD COLUMN report_status TEXT NOT NULL DEFAULT ''; -- '', processing, ready, failed
ALTER TABLE reference_check_renters ADD COLUMN report TEXT NOT NULL DEFAULT ''; -- JSON figures
ALTER TABLE reference_check_renters ADD COLUMN report_at BIGINT;
ALTER TABLE reference_check_renters ADD COLUMN report_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE reference_check_renters ADD COLUMN report_sent_at BIGINT; -- last e-mail of the report to the landlord
CREATE INDEX reference_check_renters_bank_state ON reference_check_renters(bank_state);

-- +goose Down
SELECT 1; -- forward-only
