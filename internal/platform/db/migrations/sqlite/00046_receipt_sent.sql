-- +goose Up
-- Dialects: the same. When a paid order's receipt e-mail (its PDF
-- attached) was queued. The receipt is drawn by a job after the payment's
-- transaction commits (internal/payment receipt.go), so that payments do
-- not wait behind the drawing; the job queues the e-mail and sets this in
-- one transaction, only while it is empty, so a job run twice (a retry
-- after a crash, two workers) sends one e-mail. Orders paid before this
-- migration had their e-mail sent with the payment.
ALTER TABLE orders ADD COLUMN receipt_sent_at BIGINT;
UPDATE orders SET receipt_sent_at = paid_at WHERE status = 'paid';

-- +goose Down
ALTER TABLE orders DROP COLUMN receipt_sent_at;
