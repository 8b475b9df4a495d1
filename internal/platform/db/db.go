// Package db opens the database (SQLite by default, PostgreSQL in production)
// behind database/sql and hides the few dialect differences: placeholders,
// unique-violation detection and migrations.
package db

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"database/sql/driver"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

type Dialect string

// SQLite has no hash function: sha256_hex(text) is the hex SHA-256 of its
// argument, as PostgreSQL's encode(sha256(...), 'hex'), for the migrations
// that hash a secret kept in clear before (calendar feed tokens).
func init() {
	sqlite.MustRegisterDeterministicScalarFunction("sha256_hex", 1, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		var b []byte
		switch v := args[0].(type) {
		case nil:
			return nil, nil
		case string:
			b = []byte(v)
		case []byte:
			b = v
		default:
			return nil, fmt.Errorf("sha256_hex: not a text: %T", v)
		}
		sum := sha256.Sum256(b)
		return hex.EncodeToString(sum[:]), nil
	})
}

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is a *sql.DB that knows its dialect. Stores write SQL with `?`
// placeholders; Rebind turns them into $1, $2 ... for PostgreSQL.
type DB struct {
	*sql.DB
	Dialect Dialect
	// stmts: prepared reads on the pool (SQLite, stmts.go); nil: none.
	stmts *stmtCache
}

// Close closes the prepared statements, then the pool.
func (d *DB) Close() error {
	if d.stmts != nil {
		d.stmts.close()
	}
	return d.DB.Close()
}

// Open connects to url ("sqlite:PATH" or "postgres://...").
func Open(ctx context.Context, url string) (*DB, error) {
	switch {
	case strings.HasPrefix(url, "sqlite:"):
		return openSQLite(ctx, strings.TrimPrefix(url, "sqlite:"))
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		cfg, err := pgx.ParseConfig(url)
		if err != nil {
			return nil, err
		}
		// No parallel workers unless the URL asks for them: the app's
		// queries are small and many run at once; a search of 16 index
		// probes planned in parallel took 10 ms to start its workers
		// against 1 ms run serially (issue 29).
		if _, set := cfg.RuntimeParams["max_parallel_workers_per_gather"]; !set {
			cfg.RuntimeParams["max_parallel_workers_per_gather"] = "0"
		}
		sqldb := stdlib.OpenDB(*cfg)
		sqldb.SetMaxOpenConns(20)
		sqldb.SetMaxIdleConns(10)
		if err := sqldb.PingContext(ctx); err != nil {
			sqldb.Close()
			return nil, fmt.Errorf("connect to postgres: %w", err)
		}
		return &DB{DB: sqldb, Dialect: Postgres}, nil
	}
	return nil, fmt.Errorf("unsupported database url %q", url)
}

func openSQLite(ctx context.Context, path string) (*DB, error) {
	if path != ":memory:" {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, err
		}
	}
	// Pragmas per connection: WAL for concurrent readers, a busy timeout so
	// writers wait instead of failing (first, so the pragmas after it wait too),
	// and foreign keys (off by default in SQLite).
	dsn := "file:" + path + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	sqldb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	// One writer at a time is SQLite's model; a small pool keeps reads
	// parallel. Every connection stays open when idle: the default of two
	// idle closed the others after each burst of requests, and opening one
	// again costs its pragmas and its prepared statements.
	sqldb.SetMaxOpenConns(4)
	sqldb.SetMaxIdleConns(4)
	if err := sqldb.PingContext(ctx); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	return &DB{DB: sqldb, Dialect: SQLite, stmts: newStmtCache()}, nil
}

// Rebind rewrites `?` placeholders for the dialect.
func (d *DB) Rebind(query string) string {
	if d.Dialect != Postgres {
		return query
	}
	marks := strings.Count(query, "?")
	if marks == 0 {
		return query
	}
	// '?' is one byte and never part of another character in UTF-8, so the
	// text between marks is copied as it is, into room made once (issue 29:
	// writing a rune at a time was a twentieth of a search's allocations).
	b := make([]byte, 0, len(query)+3*marks)
	n := 0
	for {
		i := strings.IndexByte(query, '?')
		if i < 0 {
			break
		}
		n++
		b = append(b, query[:i]...)
		b = append(b, '$')
		b = strconv.AppendInt(b, int64(n), 10)
		query = query[i+1:]
	}
	return string(append(b, query...))
}

// Querier is what stores need from a *DB or a transaction.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Conn pairs a Querier with the dialect so stores can rebind inside a tx.
type Conn struct {
	q    Querier
	d    *DB
	pool bool // on the pool, not a transaction: reads may use prepared statements
}

func (c Conn) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return c.q.ExecContext(ctx, c.d.Rebind(query), storable(args)...)
}

func (c Conn) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := c.prepared(ctx, query); st != nil {
		return st.QueryContext(ctx, storable(args)...)
	}
	return c.q.QueryContext(ctx, c.d.Rebind(query), storable(args)...)
}

func (c Conn) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	if st := c.prepared(ctx, query); st != nil {
		return st.QueryRowContext(ctx, storable(args)...)
	}
	return c.q.QueryRowContext(ctx, c.d.Rebind(query), storable(args)...)
}

// prepared is the cached prepared statement of a read on the pool, or nil.
func (c Conn) prepared(ctx context.Context, query string) *sql.Stmt {
	if !c.pool || c.d.stmts == nil {
		return nil
	}
	return c.d.stmts.get(ctx, c.d.DB, c.d.Rebind(query))
}

// storable makes every text argument one that both databases accept:
// PostgreSQL refuses a NUL character and invalid UTF-8 in text, even in a
// WHERE clause, which would turn a mistyped or hostile id in a URL into a
// server failure instead of "not found". NULs are dropped and invalid bytes
// become U+FFFD, so such an id simply matches nothing and such a text is
// stored the same way on SQLite and PostgreSQL. Other arguments (and []byte)
// pass as they are; args is copied only when something changes.
func storable(args []any) []any {
	out, copied := args, false
	for i, a := range args {
		s, ok := a.(string)
		if !ok || (utf8.ValidString(s) && !strings.ContainsRune(s, 0)) {
			continue
		}
		if !copied {
			out, copied = slices.Clone(args), true
		}
		out[i] = strings.ReplaceAll(strings.ToValidUTF8(s, "\uFFFD"), "\x00", "")
	}
	return out
}

// Conn returns a Conn on the pool.
func (d *DB) Conn() Conn { return Conn{q: d.DB, d: d, pool: true} }

// Tx runs fn in a transaction, committing when fn returns nil.
func (d *DB) Tx(ctx context.Context, fn func(Conn) error) error {
	tx, err := d.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(Conn{q: tx, d: d}); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// IsUniqueViolation reports a unique-constraint failure by driver error code,
// never by matching message text.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) {
		return sqErr.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || sqErr.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// NoRows is sql.ErrNoRows, re-exported so stores need not import database/sql.
var NoRows = sql.ErrNoRows
