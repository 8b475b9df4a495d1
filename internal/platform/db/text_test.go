package db_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// Text PostgreSQL cannot hold (a NUL, invalid UTF-8) never fails a query:
// a lookup by such an id finds nothing, and such a text is stored the same
// way on both databases (NUL dropped, invalid bytes as U+FFFD).
func TestTextEitherDatabaseCannotHoldIsMadeStorable(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		c := d.Conn()
		if _, err := c.Exec(ctx, `CREATE TABLE text_probe (id TEXT PRIMARY KEY, body TEXT NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Exec(ctx, `INSERT INTO text_probe (id, body) VALUES (?, ?)`, "a", "bad\x00 byte \xff here"); err != nil {
			t.Fatalf("insert: %v", err)
		}
		var body string
		if err := c.QueryRow(ctx, `SELECT body FROM text_probe WHERE id = ?`, "a").Scan(&body); err != nil || body != "bad byte \uFFFD here" {
			t.Fatalf("stored %q, %v", body, err)
		}
		for _, id := range []string{"\x00", "\xff\xfe", "a\x00"} {
			err := c.QueryRow(ctx, `SELECT body FROM text_probe WHERE id = ?`, id).Scan(&body)
			if id == "a\x00" {
				// NUL dropped: it names "a"; what matters is no failure.
				if err != nil {
					t.Fatalf("%q: %v", id, err)
				}
				continue
			}
			if !errors.Is(err, sql.ErrNoRows) {
				t.Fatalf("lookup %q: %v, want no rows", id, err)
			}
		}
		rows, err := c.Query(ctx, `SELECT id FROM text_probe WHERE id IN (?, ?)`, "\x00", "\xfe")
		if err != nil {
			t.Fatalf("query: %v", err)
		}
		rows.Close()
	})
}
