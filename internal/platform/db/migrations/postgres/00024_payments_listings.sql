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

-- +goose Down
DROP TABLE order_once;
ALTER TABLE orders DROP COLUMN pay_attempt;
