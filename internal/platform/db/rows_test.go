package db_test

import (
	"context"
	"errors"
	"testing"

	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

func TestAllScansEveryRowOrNone(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		c := d.Conn()
		scanID := func(row db.Scanner) (int64, error) {
			var id int64
			err := row.Scan(&id)
			return id, err
		}
		none, err := db.All(ctx, c, scanID, `SELECT id FROM health_probe WHERE id < 0`)
		if err != nil || none == nil || len(none) != 0 {
			t.Fatalf("no rows: %v %v (must be an empty, non-nil list)", none, err)
		}
		for _, id := range []int{3, 1, 2} {
			if _, err := c.Exec(ctx, `INSERT INTO health_probe (id, checked_at) VALUES (?, 0)`, id); err != nil {
				t.Fatal(err)
			}
		}
		got, err := db.All(ctx, c, scanID, `SELECT id FROM health_probe WHERE id > ? ORDER BY id`, 1)
		if err != nil || len(got) != 2 || got[0] != 2 || got[1] != 3 {
			t.Fatalf("rows: %v %v", got, err)
		}
		bad := errors.New("scan refused")
		if _, err := db.All(ctx, c, func(db.Scanner) (int64, error) { return 0, bad }, `SELECT id FROM health_probe`); !errors.Is(err, bad) {
			t.Fatalf("scan error: %v", err)
		}
		if _, err := db.All(ctx, c, scanID, `SELECT nothing FROM no_such_table`); err == nil {
			t.Fatal("a bad query gave no error")
		}
	})
}
