-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Issue 24 (money under concurrency), owned by internal/payment:
-- pay_attempt numbers the card attempts of an order; the provider's
-- idempotency key is the order id and this number, so a request retried
-- after a crash charges nobody twice, and a declined card's next try is a
-- new attempt (a provider keeps a key's first answer, a decline included).
ALTER TABLE orders ADD COLUMN pay_attempt INTEGER NOT NULL DEFAULT 0;

-- The one order a record is sold with (an agreement's fee, a report's fee):
-- its unique key lets two simultaneous first requests insert-or-get one
-- order instead of one of them failing.
CREATE TABLE order_once (
    order_type TEXT NOT NULL,
    subject_id TEXT NOT NULL,
    order_id   TEXT NOT NULL,
    PRIMARY KEY (order_type, subject_id)
);

-- Issue 25, owned by internal/property: what a renter must be told before
-- they enquire (Trading Standards' material information for lettings):
-- the property type (Studio chosen as such, not 0 bedrooms by default), the
-- deposit, the council tax band, the EPC rating, the bills the rent includes
-- (a JSON list, [] for none) and whether pets will be considered (NULL:
-- not answered yet). Publishing needs them; older rows keep '' / NULL
-- until their landlord next saves.
ALTER TABLE properties ADD COLUMN property_type TEXT NOT NULL DEFAULT '';
ALTER TABLE properties ADD COLUMN deposit_pence BIGINT;
ALTER TABLE properties ADD COLUMN council_tax_band TEXT NOT NULL DEFAULT '';
ALTER TABLE properties ADD COLUMN epc_rating TEXT NOT NULL DEFAULT '';
ALTER TABLE properties ADD COLUMN bills_included TEXT NOT NULL DEFAULT '[]';
ALTER TABLE properties ADD COLUMN pets_considered BOOLEAN;

-- +goose Down
ALTER TABLE properties DROP COLUMN pets_considered;
ALTER TABLE properties DROP COLUMN bills_included;
ALTER TABLE properties DROP COLUMN epc_rating;
ALTER TABLE properties DROP COLUMN council_tax_band;
ALTER TABLE properties DROP COLUMN deposit_pence;
ALTER TABLE properties DROP COLUMN property_type;
DROP TABLE order_once;
ALTER TABLE orders DROP COLUMN pay_attempt;
