package property_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/property"
)

// On PostgreSQL every box an area search reads is read from the B-tree on
// bands of latitude (properties_band, migration 00041), index-only: first
// pages, deep pages of nearest first (a dozen narrow boxes along a ring),
// newest first within an area, a 10-mile search. The index's first key and
// the search's SQL are spelt apart (the migration, and bandSQL in Go): this
// fails when they drift, as PostgreSQL then reads another index or the
// table. And PostgreSQL keeps each statement's generic plan rather than
// planning it again for every search (minPieces).
func TestAreaSearchReadsTheBandIndex(t *testing.T) {
	u := dbtest.PostgresURL(t)
	ctx := context.Background()
	d, err := db.Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	e := apptest.Start(t, d, nil)
	c := e.SignedIn("seed@example.com", "Secret#123", "Landlord")
	me, err := e.App.Auth.UserByEmail(ctx, "seed@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if err := e.App.Properties.SeedListings(ctx, me.ID, 20000, 1, nil); err != nil {
		t.Fatal(err)
	}
	// As dense as London in a national database: 20,000 listings within
	// two miles of SW11's centre, spread evenly and the same in every run
	// (the n-th listing at the n-th point of the R2 low-discrepancy
	// sequence), so the planner sees the same data each time.
	if _, err := d.ExecContext(ctx, `UPDATE properties p
		SET latitude = 51.465 + ((x.n * 0.7548776662466927) % 1 - 0.5) * 0.06,
		    longitude = -0.167 + ((x.n * 0.5698402909980532) % 1 - 0.5) * 0.09
		FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM properties) x
		WHERE p.id = x.id`); err != nil {
		t.Fatal(err)
	}
	// VACUUM marks the pages all-visible (what lets an index-only scan skip
	// the table) only when no transaction older than the rows is open in
	// this database; other tests' transactions in it can hold it back, so it
	// is run again until every page is marked.
	for try := 0; ; try++ {
		if _, err := d.ExecContext(ctx, "VACUUM ANALYZE properties"); err != nil {
			t.Fatal(err)
		}
		var pages, visible int64
		if err := d.QueryRowContext(ctx, `SELECT relpages, relallvisible FROM pg_class WHERE oid = 'properties'::regclass`).Scan(&pages, &visible); err != nil {
			t.Fatal(err)
		}
		if visible >= pages {
			break
		}
		if try == 50 {
			t.Fatalf("VACUUM left %d of %d pages not all-visible", pages-visible, pages)
		}
		time.Sleep(100 * time.Millisecond)
	}

	radius := url.Values{"searchArea": {"SW11"}, "minimumBeds": {"1"}}
	deep := radius
	for page := 1; page < 8; page++ { // a deep page, by following the cursors
		_, next, r := search(t, c, deep)
		if next == "" {
			t.Fatalf("page %d of %v has no next page: %s", page, radius, r.Raw)
		}
		deep = url.Values{"searchArea": {"SW11"}, "minimumBeds": {"1"}, "cursor": {next}}
	}
	for name, q := range map[string]url.Values{
		"first page":        radius,
		"deep page":         deep,
		"newest in an area": {"searchArea": {"SW11"}, "sort": {"newest"}},
		"10 miles":          {"searchArea": {"SW11"}, "radius": {"10"}},
		"mine, in an area":  {"searchArea": {"SW11"}, "mine": {"true"}},
	} {
		var boxes, rings int
		for _, st := range property.StatementsOf(t, u, q.Encode()) {
			if !strings.Contains(st.Query, "unnest(") {
				continue // the page's rows by id, its photos
			}
			boxes++
			var plan []string
			rows, err := d.QueryContext(ctx, "EXPLAIN "+st.Query, st.Args...)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for rows.Next() {
				var line string
				if err := rows.Scan(&line); err != nil {
					t.Fatal(err)
				}
				plan = append(plan, line)
			}
			rows.Close()
			text := strings.Join(plan, "\n")
			if !strings.Contains(text, "Nested Loop") || !strings.Contains(text, "Index Only Scan using properties_band") ||
				strings.Contains(text, "Seq Scan") || strings.Contains(text, "Bitmap") || strings.Contains(text, "Hash") {
				t.Errorf("%s: each piece of a box should be read from properties_band, index-only:\n%s", name, text)
			}
			if name == "deep page" {
				rings = ringBoxes(st)
			}
			// Run again and again on one connection (as the server's pool
			// does), PostgreSQL keeps the statement's generic plan, rather
			// than planning it for every search (minPieces).
			generic, custom := plansOf(t, d, st)
			if generic == 0 || custom > 5 {
				t.Errorf("%s: planned for its values %d times, its generic plan used %d times", name, custom, generic)
			}
		}
		if boxes == 0 {
			t.Errorf("%s: no box was read", name)
		}
		if name == "deep page" && rings < 2 {
			t.Errorf("deep page: read as %d box, not along a ring", rings)
		}
	}
}

// plansOf runs st 12 times on one connection and says how many runs of the
// statement prepared on it (these, and earlier ones of the same text) used
// its generic plan and how many a plan for their values
// (pg_prepared_statements, PostgreSQL 14 and later). PostgreSQL plans for
// the values the first 5 times, then keeps the generic plan if it is
// estimated no dearer.
func plansOf(t *testing.T, d *db.DB, st property.Statement) (generic, custom int) {
	t.Helper()
	ctx := context.Background()
	conn, err := d.DB.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for range 12 {
		rows, err := conn.QueryContext(ctx, st.Query, st.Args...)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
	}
	err = conn.QueryRowContext(ctx, `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1`, st.Query).Scan(&generic, &custom)
	if err != nil {
		t.Fatalf("the statement was not kept prepared: %v", err)
	}
	return generic, custom
}

// ringBoxes counts the boxes a statement's pieces come from, leaving out
// the empty ones (minPieces).
func ringBoxes(st property.Statement) int {
	band, lonLo, lonHi := st.Args[0].([]int32), st.Args[1].([]float64), st.Args[2].([]float64)
	boxes := map[[2]float64]bool{}
	for i := range band {
		if lonLo[i] <= lonHi[i] {
			boxes[[2]float64{lonLo[i], lonHi[i]}] = true
		}
	}
	return len(boxes)
}
