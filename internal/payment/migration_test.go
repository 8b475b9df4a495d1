package payment_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// Step 00037 numbers the orders paid before it in the order they were paid
// (a pending order gets no number) and starts the counter after them.
func TestMigrationNumbersPaidOrders(t *testing.T) {
	dbtest.Migrated(t, 36, []string{
		dbtest.Landlord,
		`INSERT INTO orders (id, user_id, order_type, status, lines, total_pence, receipt_email, paid_at, created_at, updated_at)
			VALUES ('later', 'u1', 'reference-check', 'paid', '[]', 899, 'lord@example.com', 2000, 1, 1)`,
		`INSERT INTO orders (id, user_id, order_type, status, lines, total_pence, receipt_email, paid_at, created_at, updated_at)
			VALUES ('pending', 'u1', 'reference-check', 'pending', '[]', 899, 'lord@example.com', NULL, 1, 1)`,
		`INSERT INTO orders (id, user_id, order_type, status, lines, total_pence, receipt_email, paid_at, created_at, updated_at)
			VALUES ('earlier', 'u1', 'reference-check', 'paid', '[]', 899, 'lord@example.com', 1000, 1, 1)`,
	}, func(t *testing.T, d *db.DB) {
		ctx, c := context.Background(), d.Conn()
		for id, want := range map[string]sql.NullInt64{"earlier": {Int64: 1, Valid: true}, "later": {Int64: 2, Valid: true}, "pending": {}} {
			var got sql.NullInt64
			if err := c.QueryRow(ctx, `SELECT receipt_no FROM orders WHERE id = ?`, id).Scan(&got); err != nil || got != want {
				t.Errorf("%s: %v %v, want %v", id, got, err, want)
			}
		}
		var last int64
		if err := c.QueryRow(ctx, `SELECT last FROM receipt_sequence WHERE id = 1`).Scan(&last); err != nil || last != 2 {
			t.Errorf("the counter: %d %v", last, err)
		}
	})
}
