-- +goose Up
-- Dialects: differ. PostgreSQL's area searches move from a GiST index to a B-tree on bands
-- of latitude (see its step); SQLite keeps the R*Tree of 00005, so this step is empty.
SELECT 1;

-- +goose Down
SELECT 1; -- forward-only
