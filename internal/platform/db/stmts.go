package db

import (
	"context"
	"database/sql"
	"sync"
)

// stmtCache keeps the prepared statements of reads on the pool, by query
// text, for SQLite: the driver (modernc) prepares every statement again on
// each call, and parsing a 28-column SELECT cost more than running it on an
// indexed page (issue 29). database/sql prepares a cached statement once on
// each connection that runs it. PostgreSQL's driver (pgx) keeps its own
// cache of prepared statements per connection, so it is left out.
//
// At most maxStmts texts are kept; texts seen after that run unprepared as
// before, so queries built with a variable number of placeholders cannot
// grow it without bound.
type stmtCache struct {
	mu    sync.RWMutex
	stmts map[string]*sql.Stmt
}

const maxStmts = 512

func newStmtCache() *stmtCache { return &stmtCache{stmts: map[string]*sql.Stmt{}} }

// get is the prepared statement of query, or nil when it cannot be kept
// (the cache is full, or preparing failed: the caller then runs the query
// unprepared, which reports the error as it did before).
func (c *stmtCache) get(ctx context.Context, d *sql.DB, query string) *sql.Stmt {
	c.mu.RLock()
	st, ok := c.stmts[query]
	full := len(c.stmts) >= maxStmts
	c.mu.RUnlock()
	if ok || full {
		return st
	}
	st, err := d.PrepareContext(context.WithoutCancel(ctx), query)
	if err != nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.stmts[query]; ok { // prepared meanwhile by another request
		_ = st.Close()
		return old
	}
	if len(c.stmts) >= maxStmts {
		_ = st.Close()
		return nil
	}
	c.stmts[query] = st
	return st
}

func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for q, st := range c.stmts {
		_ = st.Close()
		delete(c.stmts, q)
	}
}
