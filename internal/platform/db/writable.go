package db

import (
	"context"
	"fmt"
	"time"
)

// CheckWritable proves the database takes writes by writing its one
// health_probe row. A database on a read-only folder (or a read-only
// replica) answers pings and reads, and fails only here, so start-up and
// /healthz call it rather than trusting a ping.
func (d *DB) CheckWritable(ctx context.Context) error {
	_, err := d.ExecContext(ctx, d.Rebind(`INSERT INTO health_probe (id, checked_at) VALUES (1, ?)
		ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`), time.Now().UnixMilli())
	if err != nil {
		return fmt.Errorf("the database cannot be written: %w", err)
	}
	return nil
}
