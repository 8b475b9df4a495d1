package db

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

// Reads on the pool run as prepared statements kept by query text and give
// the rows the unprepared query gives; a transaction's reads, and texts
// beyond the cache's bound, run unprepared as before.
func TestPreparedReadsGiveTheSameRows(t *testing.T) {
	ctx := context.Background()
	d, err := Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.ExecContext(ctx, `CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)`); err != nil {
		t.Fatal(err)
	}
	for i := range 30 {
		if _, err := d.Conn().Exec(ctx, `INSERT INTO t (id, name) VALUES (?, ?)`, i, fmt.Sprint("n", i)); err != nil {
			t.Fatal(err)
		}
	}
	names := func(c Conn, q string, args ...any) []string {
		t.Helper()
		out, err := All(ctx, c, func(s Scanner) (string, error) { var n string; return n, s.Scan(&n) }, q, args...)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	const q = `SELECT name FROM t WHERE id >= ? ORDER BY id LIMIT 3`
	for _, from := range []int{0, 10, 28} { // one statement, other arguments
		want := []string{}
		for i := from; i < min(from+3, 30); i++ {
			want = append(want, fmt.Sprint("n", i))
		}
		if got := names(d.Conn(), q, from); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("from %d: %v, want %v", from, got, want)
		}
	}
	if len(d.stmts.stmts) != 1 {
		t.Errorf("%d statements kept, want 1", len(d.stmts.stmts))
	}
	var one string
	if err := d.Conn().QueryRow(ctx, `SELECT name FROM t WHERE id = ?`, 7).Scan(&one); err != nil || one != "n7" {
		t.Errorf("QueryRow: %q %v", one, err)
	}
	// A change is seen by the next read of a kept statement.
	if _, err := d.Conn().Exec(ctx, `UPDATE t SET name = 'seven' WHERE id = 7`); err != nil {
		t.Fatal(err)
	}
	if err := d.Conn().QueryRow(ctx, `SELECT name FROM t WHERE id = ?`, 7).Scan(&one); err != nil || one != "seven" {
		t.Errorf("QueryRow after the change: %q %v", one, err)
	}
	kept := len(d.stmts.stmts)
	if err := d.Tx(ctx, func(c Conn) error {
		if got := names(c, `SELECT name FROM t WHERE id < ? ORDER BY id`, 2); fmt.Sprint(got) != "[n0 n1]" {
			t.Errorf("in a transaction: %v", got)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(d.stmts.stmts) != kept {
		t.Error("a transaction's read was kept")
	}
	// An error is the query's own, as before.
	if _, err := d.Conn().Query(ctx, `SELECT nope FROM t`); err == nil {
		t.Error("a bad query ran")
	}
	// Past the bound, texts run unprepared and still answer.
	for i := range maxStmts + 5 {
		if got := names(d.Conn(), fmt.Sprintf(`SELECT name FROM t WHERE id = ? AND %d = %d`, i, i), 3); fmt.Sprint(got) != "[n3]" {
			t.Fatalf("text %d: %v", i, got)
		}
	}
	if len(d.stmts.stmts) != maxStmts {
		t.Errorf("%d statements kept, want the bound %d", len(d.stmts.stmts), maxStmts)
	}
}
