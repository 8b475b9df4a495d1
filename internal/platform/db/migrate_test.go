package db

import (
	"path/filepath"
	"slices"
	"testing"
)

// Both dialects must have the same numbered steps, or one database would
// silently miss a change.
func TestMigrationStepsMatchAcrossDialects(t *testing.T) {
	names := func(d Dialect) []string {
		files, err := MigrationFiles(d)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]string, len(files))
		for i, f := range files {
			out[i] = filepath.Base(f)
		}
		return out
	}
	s, p := names(SQLite), names(Postgres)
	if len(s) == 0 {
		t.Fatal("no migrations found")
	}
	if !slices.Equal(s, p) {
		t.Fatalf("migration steps differ:\nsqlite:   %v\npostgres: %v", s, p)
	}
}

func TestRebind(t *testing.T) {
	d := &DB{Dialect: Postgres}
	if got := d.Rebind("a = ? AND b = ?"); got != "a = $1 AND b = $2" {
		t.Fatalf("got %q", got)
	}
	d.Dialect = SQLite
	if got := d.Rebind("a = ?"); got != "a = ?" {
		t.Fatalf("got %q", got)
	}
}
