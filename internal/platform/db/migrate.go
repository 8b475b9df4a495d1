package db

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// Migrations live in one folder per dialect with the same numbered steps
// (a test checks the two lists match). They are embedded in the binary and
// run at start-up; they only move forward.
//
//go:embed migrations
var migrations embed.FS

// MigrationFiles lists the step files of a dialect.
func MigrationFiles(d Dialect) ([]string, error) {
	return fs.Glob(migrations, "migrations/"+string(d)+"/*.sql")
}

// MigrationsDigest is the SHA-256 of a dialect's step files, names and
// contents: tests key a migrated template database by it.
func MigrationsDigest(d Dialect) (string, error) {
	files, err := MigrationFiles(d)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	for _, f := range files {
		b, err := migrations.ReadFile(f)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d\n", f, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Migrate applies every pending step.
func (d *DB) Migrate(ctx context.Context) error { return d.MigrateTo(ctx, 0) }

// MigrateTo applies the pending steps up to and including version (0: all).
// Tests use it to put rows in an old schema and check a step carries them.
func (d *DB) MigrateTo(ctx context.Context, version int64) error {
	sub, err := fs.Sub(migrations, "migrations/"+string(d.Dialect))
	if err != nil {
		return err
	}
	gd := goose.DialectSQLite3
	if d.Dialect == Postgres {
		gd = goose.DialectPostgres
	}
	var opts []goose.ProviderOption
	if d.Dialect == Postgres {
		// Instances starting together take turns (a PostgreSQL advisory
		// lock held for the run), so each step is applied once. SQLite's
		// write transactions already let one process migrate at a time.
		// The lock is the schema's: advisory locks are already the
		// database's own, and instances sharing a database but not a
		// schema (test schemas) need not wait for each other. A waiting
		// instance looks again every second (goose's default: 5 s).
		var schema string
		if err := d.QueryRowContext(ctx, "SELECT COALESCE(current_schema(), '')").Scan(&schema); err != nil {
			return fmt.Errorf("migrations: %w", err)
		}
		locker, err := lock.NewPostgresSessionLocker(
			lock.WithLockID(migrationLockID(schema)),
			lock.WithLockTimeout(1, 300),
		)
		if err != nil {
			return err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(gd, d.DB, sub, opts...)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	var results []*goose.MigrationResult
	if version == 0 {
		results, err = p.Up(ctx)
	} else {
		results, err = p.UpTo(ctx, version)
	}
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for _, r := range results {
		slog.Debug("migration applied", "step", r.Source.Path, "took", r.Duration)
	}
	return nil
}

// migrationLockID is the advisory lock key of a schema's migrations: the
// first 8 bytes of the SHA-256 of its name, as a PostgreSQL bigint.
func migrationLockID(schema string) int64 {
	sum := sha256.Sum256([]byte("omnirent migrations " + schema))
	return int64(binary.BigEndian.Uint64(sum[:8]))
}
