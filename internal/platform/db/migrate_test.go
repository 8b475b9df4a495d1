package db

import (
	"bytes"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
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

// Each step says on its second line whether the two dialects really
// differ ("-- Dialects: the same ..." or "-- Dialects: differ. why"), and
// says true: a pair that claims to be the same is byte for byte the same.
func TestMigrationPairsSayWhetherTheyDiffer(t *testing.T) {
	files, err := MigrationFiles(SQLite)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		s, err := fs.ReadFile(migrations, f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := fs.ReadFile(migrations, "migrations/postgres/"+name)
		if err != nil {
			t.Fatal(err)
		}
		for dialect, body := range map[string][]byte{"sqlite": s, "postgres": p} {
			lines := strings.SplitN(string(body), "\n", 3)
			if len(lines) < 2 || !strings.HasPrefix(lines[1], "-- Dialects: ") {
				t.Errorf("%s/%s: the second line must say whether the dialects differ (-- Dialects: ...)", dialect, name)
			}
		}
		claimsSame := strings.HasPrefix(strings.SplitN(string(s), "\n", 3)[1], "-- Dialects: the same")
		if same := bytes.Equal(s, p); claimsSame != same {
			t.Errorf("%s: says the dialects are the same: %v, files identical: %v", name, claimsSame, same)
		}
	}
}

func TestRebind(t *testing.T) {
	d := &DB{Dialect: Postgres}
	for in, want := range map[string]string{
		"a = ? AND b = ?":                  "a = $1 AND b = $2",
		"no marks":                         "no marks",
		"?":                                "$1",
		"town = 'Ystradgynlais £ ŵ' AND ?": "town = 'Ystradgynlais £ ŵ' AND $1",
		strings.Repeat("?,", 11) + "?":     "$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12",
	} {
		if got := d.Rebind(in); got != want {
			t.Errorf("Rebind(%q) = %q, want %q", in, got, want)
		}
	}
	d.Dialect = SQLite
	if got := d.Rebind("a = ?"); got != "a = ?" {
		t.Fatalf("got %q", got)
	}
}
