-- +goose Up
-- Dialects: the same statements on SQLite and PostgreSQL (the two files are identical).
-- Promo codes managed by admins. code_key is the code in capitals: codes are
-- unique and matched case-insensitively. Dates are UK calendar days.
CREATE TABLE promo_codes (
    id          TEXT PRIMARY KEY,
    code        TEXT NOT NULL,
    code_key    TEXT NOT NULL UNIQUE,
    active      BOOLEAN NOT NULL,
    discount    INTEGER NOT NULL CHECK (discount BETWEEN 1 AND 100),
    start_date  TEXT NOT NULL, -- YYYY-MM-DD
    end_date    TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);

-- +goose Down
SELECT 1; -- forward-only
