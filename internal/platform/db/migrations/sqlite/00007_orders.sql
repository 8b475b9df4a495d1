-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- What a user buys. Prices are the server's (lines hold the unit price at
-- the time of the order); promo codes stack in the order applied.
CREATE TABLE orders (
    id            TEXT PRIMARY KEY,
    user_id       TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    order_type    TEXT NOT NULL, -- e.g. reference-check: which product domain fulfils it
    subject_id    TEXT NOT NULL DEFAULT '', -- what is bought, in that domain (a reference check id)
    status        TEXT NOT NULL CHECK (status IN ('pending', 'paid')),
    currency      TEXT NOT NULL DEFAULT 'GBP',
    lines         TEXT NOT NULL, -- JSON basket lines
    promo_codes   TEXT NOT NULL DEFAULT '[]', -- JSON [{code, discount}]
    total_pence   BIGINT NOT NULL,
    provider      TEXT NOT NULL DEFAULT '', -- sandbox | stripe | free, once paid or started
    provider_ref  TEXT NOT NULL DEFAULT '', -- the provider's payment id (Stripe PaymentIntent)
    receipt_email TEXT NOT NULL,
    paid_at       BIGINT,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);
CREATE INDEX orders_user ON orders(user_id, created_at);
CREATE INDEX orders_pending_ref ON orders(status, provider_ref);

-- Provider events already handled: a webhook delivered twice is recorded once.
CREATE TABLE payment_events (
    provider    TEXT NOT NULL,
    event_id    TEXT NOT NULL,
    order_id    TEXT NOT NULL,
    received_at BIGINT NOT NULL,
    PRIMARY KEY (provider, event_id)
);

-- +goose Down
SELECT 1; -- forward-only
