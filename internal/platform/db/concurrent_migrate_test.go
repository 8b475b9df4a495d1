package db_test

import (
	"context"
	"testing"

	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/racetest"
)

// Several instances starting at once on one PostgreSQL database all start
// (none fails on a half-applied step) and each step is applied once.
// Without the advisory lock the first round already failed (a step applied
// twice: "duplicate key value violates unique constraint").
func TestInstancesStartingTogetherMigrateOnce(t *testing.T) {
	racetest.Rounds(t, 3, func(t *testing.T, _ int) {
		url := dbtest.PostgresURL(t)
		const instances = 3
		conns := make([]*db.DB, instances)
		for i := range conns {
			d, err := db.Open(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { d.Close() })
			conns[i] = d
		}
		errs := racetest.Together(instances, func(i int) error { return conns[i].Migrate(context.Background()) })
		for i, err := range errs {
			if err != nil {
				t.Fatalf("instance %d: %v", i, err)
			}
		}
		files, err := db.MigrationFiles(db.Postgres)
		if err != nil {
			t.Fatal(err)
		}
		var applied, distinct int
		if err := conns[0].QueryRowContext(context.Background(),
			`SELECT COUNT(*), COUNT(DISTINCT version_id) FROM goose_db_version WHERE version_id > 0`).Scan(&applied, &distinct); err != nil {
			t.Fatal(err)
		}
		if applied != len(files) || distinct != len(files) {
			t.Fatalf("goose_db_version has %d rows for %d distinct steps; want each of the %d steps once", applied, distinct, len(files))
		}
	})
}
