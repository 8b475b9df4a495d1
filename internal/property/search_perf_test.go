package property

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/stdlib"
	"modernc.org/sqlite"

	"github.com/omnirent/omnirent/internal/geo"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// TestSearchPlainSQL is the database half of scripts/perf/search-load.sh,
// which runs it in the same run as its HTTP load. For each search it records
// the statements one service call sends to the database (through a driver
// that notes them), then times, at each concurrency:
//
//   - plain: those statements replayed as they are on a pool opened like the
//     server's, reading every column of every row: the database's own time;
//   - service: the whole Service.Search call, without HTTP.
//
// It prints one "PLAIN" line per search and concurrency. Skipped unless
// SEARCH_PERF_DB is set:
//
//	SEARCH_PERF_DB        sqlite:PATH or postgres://...
//	SEARCH_PERF_QUERIES   lines of "name<space>url query string"
//	SEARCH_PERF_CLIENTS   e.g. "8 32"
//	SEARCH_PERF_REQUESTS  requests per measurement (default 2000)
func TestSearchPlainSQL(t *testing.T) {
	dbURL := os.Getenv("SEARCH_PERF_DB")
	if dbURL == "" {
		t.Skip("SEARCH_PERF_DB not set (scripts/perf/search-load.sh sets it)")
	}
	ctx := context.Background()
	requests, _ := strconv.Atoi(os.Getenv("SEARCH_PERF_REQUESTS"))
	if requests <= 0 {
		requests = 2000
	}
	clients := []int{8, 32}
	if s := os.Getenv("SEARCH_PERF_CLIENTS"); s != "" {
		clients = nil
		for f := range strings.FieldsSeq(s) {
			n, err := strconv.Atoi(f)
			if err != nil {
				t.Fatal(err)
			}
			clients = append(clients, n)
		}
	}
	d, err := db.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	traced, rec := openTraced(t, dbURL)
	defer traced.Close()
	svc, tracedSvc := NewService(d, clock.System{}, geo.Default()), NewService(traced, clock.System{}, geo.Default())
	svc.SetPhotos(columnPhotos{d.Dialect})
	tracedSvc.SetPhotos(columnPhotos{d.Dialect})

	for line := range strings.SplitSeq(strings.TrimSpace(os.Getenv("SEARCH_PERF_QUERIES")), "\n") {
		name, raw, _ := strings.Cut(strings.TrimSpace(line), " ")
		values, err := url.ParseQuery(raw)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parseFilter(values)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rec.take()
		page, err := tracedSvc.Search(ctx, geo.Default(), f)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		stmts := rec.take()
		for _, c := range clients {
			plain := load(c, requests, func() error {
				for _, st := range stmts {
					if err := drain(d.QueryContext(ctx, st.query, st.args...)); err != nil {
						return err
					}
				}
				return nil
			})
			service := load(c, requests, func() error {
				_, err := svc.Search(ctx, geo.Default(), f)
				return err
			})
			if plain.err != nil || service.err != nil {
				t.Fatalf("%s: %v %v", name, plain.err, service.err)
			}
			fmt.Printf("PLAIN %s %d plain_p50=%.2f plain_p99=%.2f plain_rps=%.0f service_p50=%.2f service_p99=%.2f service_rps=%.0f statements=%d rows=%d\n",
				name, c, plain.p50, plain.p99, plain.rps, service.p50, service.p99, service.rps, len(stmts), len(page.Results))
		}
	}
}

// columnPhotos lends a search the photo mechanism's column as the server's
// wiring does (internal/app), so the statements recorded and replayed are
// the server's, the page's photos among their columns (issue 43).
type columnPhotos struct{ d db.Dialect }

func (columnPhotos) PhotosOf(context.Context, []string) (map[string][]Photo, error) {
	return map[string][]Photo{}, nil
}

func (c columnPhotos) ViewsColumn(kindName, ownerIDColumn string) string {
	return photo.ViewsColumn(c.d, kindName, ownerIDColumn)
}

func (columnPhotos) ViewsIn(column string) ([]Photo, error) { return photo.ViewsIn(column) }

type timing struct {
	p50, p99, rps float64 // milliseconds; requests per second
	err           error
}

// load runs fn n times from c goroutines, like hey -n n -c c.
func load(c, n int, fn func() error) timing {
	start := time.Now()
	lat, err := latencies(c, n, fn)
	total := time.Since(start)
	slices.Sort(lat)
	ms := func(q float64) float64 { return float64(lat[int(q*float64(n-1))]) / 1e6 }
	return timing{p50: ms(0.50), p99: ms(0.99), rps: float64(n) / total.Seconds(), err: err}
}

// latencies runs fn n times from c goroutines and gives each call's time.
func latencies(c, n int, fn func() error) ([]time.Duration, error) {
	lat := make([]time.Duration, n)
	var next atomic.Int64
	var firstErr atomic.Value
	var wg sync.WaitGroup
	for range c {
		wg.Go(func() {
			for {
				i := next.Add(1) - 1
				if i >= int64(n) {
					return
				}
				t0 := time.Now()
				if err := fn(); err != nil {
					firstErr.CompareAndSwap(nil, err)
				}
				lat[i] = time.Since(t0)
			}
		})
	}
	wg.Wait()
	if err, ok := firstErr.Load().(error); ok {
		return lat, err
	}
	return lat, nil
}

// drain reads every column of every row, as a caller of the query would.
func drain(rows *sql.Rows, err error) error {
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	dest := make([]any, len(cols))
	for i := range dest {
		dest[i] = new(sql.RawBytes)
	}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return err
		}
	}
	return rows.Err()
}

// A recording driver: it notes each statement (as the database receives it,
// placeholders already rebound) with its arguments.

type statement struct {
	query string
	args  []any
}

type recorder struct {
	mu    sync.Mutex
	stmts []statement
}

func (r *recorder) add(query string, args []driver.NamedValue) {
	st := statement{query: query}
	for _, a := range args {
		st.args = append(st.args, a.Value)
	}
	r.mu.Lock()
	r.stmts = append(r.stmts, st)
	r.mu.Unlock()
}

func (r *recorder) take() []statement {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.stmts
	r.stmts = nil
	return out
}

type tracingDriver struct {
	driver.Driver
	rec *recorder
}

func (d tracingDriver) Open(name string) (driver.Conn, error) {
	c, err := d.Driver.Open(name)
	if err != nil {
		return nil, err
	}
	return tracingConn{c, d.rec}, nil
}

type tracingConn struct {
	driver.Conn
	rec *recorder
}

func (c tracingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	c.rec.add(query, args)
	return c.Conn.(driver.QueryerContext).QueryContext(ctx, query, args)
}

func (c tracingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	c.rec.add(query, args)
	return c.Conn.(driver.ExecerContext).ExecContext(ctx, query, args)
}

func (c tracingConn) CheckNamedValue(v *driver.NamedValue) error {
	if ch, ok := c.Conn.(driver.NamedValueChecker); ok {
		return ch.CheckNamedValue(v)
	}
	return driver.ErrSkip
}

func openTraced(t testing.TB, dbURL string) (*db.DB, *recorder) {
	rec := &recorder{}
	var inner driver.Driver = &sqlite.Driver{}
	dialect, dsn := db.SQLite, "file:"+strings.TrimPrefix(dbURL, "sqlite:")+"?_pragma=busy_timeout(10000)"
	if !strings.HasPrefix(dbURL, "sqlite:") {
		inner, dialect, dsn = stdlib.GetDefaultDriver(), db.Postgres, dbURL
	}
	name := fmt.Sprintf("tracing-%s-%p", dialect, rec)
	sql.Register(name, tracingDriver{inner, rec})
	sqldb, err := sql.Open(name, dsn)
	if err != nil {
		t.Fatal(err)
	}
	sqldb.SetMaxOpenConns(1)
	return &db.DB{DB: sqldb, Dialect: dialect}, rec
}
