package db_test

import (
	"context"
	"strings"
	"testing"

	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// PostgreSQL connections run without parallel workers unless the URL asks
// for them (issue 29: a parallel plan's workers cost more than the small
// queries they served).
func TestPostgresConnectionsRunWithoutParallelWorkers(t *testing.T) {
	url := dbtest.PostgresURL(t)
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	for _, c := range []struct{ url, want string }{
		{url, "0"},
		{url + sep + "max_parallel_workers_per_gather=2", "2"},
	} {
		d, err := db.Open(context.Background(), c.url)
		if err != nil {
			t.Fatal(err)
		}
		var got string
		if err := d.QueryRowContext(context.Background(), "SHOW max_parallel_workers_per_gather").Scan(&got); err != nil {
			t.Fatal(err)
		}
		d.Close()
		if got != c.want {
			t.Errorf("%s: max_parallel_workers_per_gather = %s, want %s", c.url, got, c.want)
		}
	}
}
