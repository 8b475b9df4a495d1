-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- A paid order's receipt number, the sequential number of its VAT receipt
-- (shown as OR-<year paid>-<number>, e.g. OR-2026-000123): given from one
-- counter row, locked by the update that takes the next number, in the
-- transaction that records the payment. Orders paid before this migration
-- are numbered in the order they were paid.
ALTER TABLE orders ADD COLUMN receipt_no BIGINT;
UPDATE orders SET receipt_no = (
    SELECT COUNT(*) FROM orders o2
    WHERE o2.status = 'paid' AND (o2.paid_at < orders.paid_at OR (o2.paid_at = orders.paid_at AND o2.id <= orders.id))
) WHERE status = 'paid';
CREATE UNIQUE INDEX orders_receipt_no ON orders(receipt_no);

CREATE TABLE receipt_sequence (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    last BIGINT NOT NULL
);
INSERT INTO receipt_sequence (id, last) SELECT 1, COUNT(*) FROM orders WHERE status = 'paid';

-- +goose Down
DROP TABLE receipt_sequence;
DROP INDEX orders_receipt_no;
ALTER TABLE orders DROP COLUMN receipt_no;
