package property

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/geo"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// PlainSQLOf records the statements one Search of the URL query sends to the
// database at dbURL and returns a function that replays them on d, reading
// every column of every row (TestSearchPlainSQL's "plain SQL").
func PlainSQLOf(tb testing.TB, d *db.DB, dbURL, rawQuery string) (replay func() error, statements int) {
	tb.Helper()
	stmts := StatementsOf(tb, dbURL, rawQuery)
	ctx := context.Background()
	return func() error {
		for _, st := range stmts {
			if err := drain(d.QueryContext(ctx, st.Query, st.Args...)); err != nil {
				return err
			}
		}
		return nil
	}, len(stmts)
}

// Latencies runs fn n times from c goroutines (like hey -n n -c c) and
// gives each call's time.
func Latencies(c, n int, fn func() error) ([]time.Duration, error) {
	return latencies(c, n, fn)
}

// ServiceCallOf is the whole Service.Search call of the URL query, without HTTP.
func ServiceCallOf(tb testing.TB, s *Service, rawQuery string) func() error {
	tb.Helper()
	f := filterOf(tb, rawQuery)
	return func() error {
		_, err := s.Search(context.Background(), geo.Default(), f)
		return err
	}
}

// filterOf is the search of a URL query, as GET /api/listings reads it.
func filterOf(tb testing.TB, rawQuery string) Filter {
	tb.Helper()
	values, err := url.ParseQuery(rawQuery)
	if err != nil {
		tb.Fatal(err)
	}
	f, err := parseFilter(values)
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// Statement is one statement a search sent, as the driver received it.
type Statement struct {
	Query string
	Args  []any
}

// StatementsOf records the statements one Search of the URL query sends to
// the database at dbURL.
func StatementsOf(tb testing.TB, dbURL, rawQuery string) []Statement {
	tb.Helper()
	f := filterOf(tb, rawQuery)
	traced, rec := openTraced(tb, dbURL)
	defer traced.Close()
	rec.take()
	svc := NewService(traced, clock.System{}, geo.Default())
	svc.SetPhotos(columnPhotos{traced.Dialect})
	if _, err := svc.Search(context.Background(), geo.Default(), f); err != nil {
		tb.Fatal(err)
	}
	var out []Statement
	for _, st := range rec.take() {
		out = append(out, Statement{Query: st.query, Args: st.args})
	}
	return out
}
