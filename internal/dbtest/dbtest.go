// Package dbtest gives each test a fresh, migrated database: SQLite in a temp
// folder by default, and, when OMNIRENT_TEST_POSTGRES_URL is set, a
// throwaway PostgreSQL database copied from a migrated template (a
// throwaway schema for tests of migrations themselves), so the same tests
// cover both dialects. What a killed test process leaves behind (its
// databases, schemas and temp folders) the next one removes: see
// leftovers.go.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/omnirent/omnirent/internal/platform/db"
)

// Dialects lists the databases this test run covers: SQLite, and
// PostgreSQL when OMNIRENT_TEST_POSTGRES_URL is set. OMNIRENT_TEST_DIALECTS
// ("sqlite" or "postgres") narrows a run to one of them: CI runs the
// concurrent tests under the race detector on PostgreSQL and again without
// it on SQLite (scripts/ci/test-go.sh), since SQLite's engine is Go code
// the detector slows several times over and finds nothing in.
func Dialects() []db.Dialect {
	all := []db.Dialect{db.SQLite}
	if os.Getenv("OMNIRENT_TEST_POSTGRES_URL") != "" {
		all = append(all, db.Postgres)
	}
	only := os.Getenv("OMNIRENT_TEST_DIALECTS")
	if only == "" {
		return all
	}
	out := []db.Dialect{}
	for _, d := range all {
		if string(d) == only {
			out = append(out, d)
		}
	}
	if len(out) == 0 { // postgres asked for without its URL: SQLite rather than nothing
		return all
	}
	return out
}

// Each runs fn once per dialect as a subtest, each with its own database.
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	for _, dialect := range Dialects() {
		t.Run(string(dialect), func(t *testing.T) {
			fn(t, Open(t, dialect))
		})
	}
}

// Open returns a fresh migrated database of the dialect, removed after the test.
func Open(t testing.TB, dialect db.Dialect) *db.DB {
	t.Helper()
	return OpenAt(t, dialect, 0)
}

// OpenAt returns a fresh database migrated only up to version (0: all), for
// tests of what a later step does to existing rows.
func OpenAt(t testing.TB, dialect db.Dialect, version int64) *db.DB {
	t.Helper()
	ctx := context.Background()
	var d *db.DB
	var err error
	switch dialect {
	case db.SQLite:
		path := filepath.Join(t.TempDir(), "test.db")
		if version == 0 {
			// A copy of the migrated template: every test migrating its
			// own database took most of a test's time under -race.
			if err := copySQLiteTemplate(path); err != nil {
				t.Fatalf("sqlite template: %v", err)
			}
		}
		d, err = db.Open(ctx, "sqlite:"+path)
	case db.Postgres:
		if version == 0 {
			// A copy of the migrated template database: migrating a
			// schema cost each test about 2 s (90 tables and indexes).
			d, _, err = postgresDatabase(t)
		} else {
			d, err = openPostgresSchema(t)
		}
	}
	if err != nil {
		t.Fatalf("open %s: %v", dialect, err)
	}
	t.Cleanup(func() { d.Close() })
	if err := d.MigrateTo(ctx, version); err != nil {
		t.Fatalf("migrate %s: %v", dialect, err)
	}
	return d
}

// Landlord is a seed statement for Migrated: the landlord u1
// (lord@example.com), in the columns the users table has had since the
// first step, whom the rows a step's test seeds belong to.
const Landlord = `INSERT INTO users (id, email, full_name, user_type, password_hash, created_at, updated_at)
	VALUES ('u1', 'lord@example.com', 'Lord', 'Landlord', 'x', 1, 1)`

// Migrated is the shape of a test of a migration step, on each dialect as
// a subtest: a fresh database migrated only up to version before, the seed
// statements run in it (the rows as they were before the step), then every
// later step run; check looks at the rows after.
func Migrated(t *testing.T, before int64, seed []string, check func(t *testing.T, d *db.DB)) {
	t.Helper()
	for _, dialect := range Dialects() {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			d := OpenAt(t, dialect, before)
			for _, q := range seed {
				if _, err := d.Conn().Exec(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
			if err := d.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			check(t, d)
		})
	}
}

// templateDir holds the migrated SQLite templates, in the system's temp
// folder.
const templateDir = "omnirent-dbtest"

// The migrated SQLite template: made once per set of migrations (named by
// their digest, in the system's temp folder, shared by the test processes
// and runs) and copied for each test, which then finds nothing to migrate.
var template struct {
	once sync.Once
	data []byte
	err  error
}

func copySQLiteTemplate(path string) error {
	template.once.Do(func() { template.data, template.err = sqliteTemplate() })
	if template.err != nil {
		return template.err
	}
	return os.WriteFile(path, template.data, 0o600)
}

func sqliteTemplate() ([]byte, error) {
	digest, err := db.MigrationsDigest(db.SQLite)
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(systemTemp, templateDir)
	file := filepath.Join(dir, "sqlite-"+digest[:16]+".db")
	if b, err := os.ReadFile(file); err == nil {
		return b, nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp(dir, prefixMake+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	ctx := context.Background()
	d, err := db.Open(ctx, "sqlite:"+filepath.Join(work, "migrated.db"))
	if err != nil {
		return nil, err
	}
	defer d.Close()
	if err := d.Migrate(ctx); err != nil {
		return nil, err
	}
	// VACUUM INTO writes one consistent file (no write-ahead log beside it).
	out := filepath.Join(work, "template.db")
	if _, err := d.ExecContext(ctx, "VACUUM INTO ?", out); err != nil {
		return nil, err
	}
	b, err := os.ReadFile(out)
	if err != nil {
		return nil, err
	}
	// Renamed into place whole, so another process reads all of it or none.
	if err := os.Rename(out, file); err != nil {
		return nil, err
	}
	return b, nil
}

// OpenReadOnly returns a migrated database of the dialect opened so that it
// answers pings and reads but refuses every write, as a database on a
// read-only folder or a read-only replica does (tests run as root, so a
// chmod would not stop them writing).
func OpenReadOnly(t testing.TB, dialect db.Dialect) *db.DB {
	t.Helper()
	ctx := context.Background()
	var ro *db.DB
	switch dialect {
	case db.SQLite:
		path := filepath.Join(t.TempDir(), "test.db")
		rw, err := db.Open(ctx, "sqlite:"+path)
		if err != nil {
			t.Fatal(err)
		}
		if err := rw.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		rw.Close()
		sqldb, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(10000)")
		if err != nil {
			t.Fatal(err)
		}
		ro = &db.DB{DB: sqldb, Dialect: db.SQLite}
	case db.Postgres:
		rw, dsn, err := postgresDatabase(t)
		if err != nil {
			t.Fatal(err)
		}
		rw.Close()
		u, _ := url.Parse(dsn)
		q := u.Query()
		q.Set("default_transaction_read_only", "on")
		u.RawQuery = q.Encode()
		if ro, err = db.Open(ctx, u.String()); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { ro.Close() })
	return ro
}

// postgresDatabase creates a database copied from the migrated template
// (CREATE DATABASE ... TEMPLATE), dropped after the test, and opens it.
func postgresDatabase(t testing.TB) (*db.DB, string, error) {
	base := os.Getenv("OMNIRENT_TEST_POSTGRES_URL")
	sweepPostgres(base)
	pgTemplate.once.Do(func() {
		pgTemplate.admin = adminURL(base)
		pgTemplate.name, pgTemplate.err = postgresTemplate(pgTemplate.admin)
	})
	if pgTemplate.err != nil {
		return nil, "", fmt.Errorf("postgres template: %w", pgTemplate.err)
	}
	ctx := context.Background()
	name, err := takeDatabase(ctx)
	if err != nil {
		return nil, "", err
	}
	t.Cleanup(func() { dropLater(name) })
	dsn, err := withDatabase(base, name)
	if err != nil {
		return nil, "", err
	}
	// A test's commits need not wait for the WAL to reach the disk: each is
	// seen by every other session at once as before, and only a crash of
	// the server itself, which no test makes, could lose the last ones.
	// About a fifth of a PostgreSQL test's time on these machines.
	if u, err := url.Parse(dsn); err == nil {
		q := u.Query()
		q.Set("synchronous_commit", "off")
		u.RawQuery = q.Encode()
		dsn = u.String()
	}
	d, err := db.Open(ctx, dsn)
	if err != nil {
		return nil, "", fmt.Errorf("open test database: %w", err)
	}
	return d, dsn, nil
}

// The migrated PostgreSQL template database, made once per set of
// migrations (named by their digest; kept in the server, shared by test
// processes and runs).
var pgTemplate struct {
	once  sync.Once
	admin string // the URL databases are created and dropped through
	name  string
	err   error
}

// adminURL is the server's maintenance database "postgres" when it can be
// reached, else base: creating and dropping databases from the test
// database would hold back, for the moment each takes, what VACUUM may
// mark all-visible there (a plan test of the search saw it).
func adminURL(base string) string {
	u, err := withDatabase(base, "postgres")
	if err != nil {
		return base
	}
	d, err := db.Open(context.Background(), u)
	if err != nil {
		return base
	}
	d.Close()
	return u
}

func postgresTemplate(base string) (string, error) {
	digest, err := db.MigrationsDigest(db.Postgres)
	if err != nil {
		return "", err
	}
	name := "omnirent_template_" + digest[:16]
	ctx := context.Background()
	admin, err := db.Open(ctx, base)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	// One process makes it while the others wait on this session lock.
	conn, err := admin.DB.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	const lockKey = 7_301_229_318_004_115 // dbtest's template
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", lockKey); err != nil {
		return "", err
	}
	defer conn.ExecContext(ctx, "SELECT pg_advisory_unlock($1)", lockKey) //nolint:errcheck
	var exists bool
	if err := conn.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	work := ownedName(prefixTemplate, "_")
	if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+work); err != nil {
		return "", err
	}
	dsn, err := withDatabase(base, work)
	if err != nil {
		return "", err
	}
	d, err := db.Open(ctx, dsn)
	if err != nil {
		return "", err
	}
	err = d.Migrate(ctx)
	d.Close()
	if err != nil {
		_, _ = conn.ExecContext(ctx, "DROP DATABASE "+work+" WITH (FORCE)")
		return "", err
	}
	// Renamed into place whole, so no test copies a half-migrated one.
	if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+work+" RENAME TO "+name); err != nil {
		return "", err
	}
	return name, nil
}

// withDatabase returns the PostgreSQL URL base pointing at database name.
func withDatabase(base, name string) (string, error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}

func randomHex() string {
	buf := make([]byte, 6)
	_, _ = rand.Read(buf)
	return hex.EncodeToString(buf)
}

// openPostgresSchema creates a uniquely named schema and points search_path at
// it, so parallel tests never see each other's rows.
func openPostgresSchema(t testing.TB) (*db.DB, error) {
	d, _, err := postgresSchema(t)
	return d, err
}

func postgresSchema(t testing.TB) (*db.DB, string, error) {
	base := os.Getenv("OMNIRENT_TEST_POSTGRES_URL")
	sweepPostgres(base)
	ctx := context.Background()
	admin, err := db.Open(ctx, base)
	if err != nil {
		return nil, "", err
	}
	defer admin.Close()
	schema := ownedName(prefixDB, "_")
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		return nil, "", err
	}
	t.Cleanup(func() {
		a, err := db.Open(context.Background(), base)
		if err == nil {
			_, _ = a.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
			a.Close()
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		return nil, "", err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	d, err := db.Open(ctx, u.String())
	if err != nil {
		return nil, "", fmt.Errorf("open schema: %w", err)
	}
	return d, u.String(), nil
}

// PostgresURL returns the URL of a fresh, empty (unmigrated) PostgreSQL
// schema, removed after the test, for tests that open several connections
// to one database (two instances starting at once). It skips the test when
// OMNIRENT_TEST_POSTGRES_URL is not set.
func PostgresURL(t testing.TB) string {
	t.Helper()
	if os.Getenv("OMNIRENT_TEST_POSTGRES_URL") == "" {
		t.Skip("OMNIRENT_TEST_POSTGRES_URL is not set")
	}
	d, u, err := postgresSchema(t)
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	return u
}

// URL makes a fresh migrated database of the dialect and answers its URL,
// for a test that opens it more than once (a helper process killed with
// SIGKILL, then a restart). It is removed after the test.
func URL(t testing.TB, dialect db.Dialect) string {
	t.Helper()
	ctx := context.Background()
	var d *db.DB
	var u string
	var err error
	switch dialect {
	case db.SQLite:
		u = "sqlite:" + filepath.Join(t.TempDir(), "test.db")
		d, err = db.Open(ctx, u)
	case db.Postgres:
		d, u, err = postgresSchema(t)
	}
	if err != nil {
		t.Fatalf("open %s: %v", dialect, err)
	}
	defer d.Close()
	if err := d.Migrate(ctx); err != nil {
		t.Fatalf("migrate %s: %v", dialect, err)
	}
	return u
}
