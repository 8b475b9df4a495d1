package dbtest

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/omnirent/omnirent/internal/platform/db"
)

// Making and dropping a test's PostgreSQL database costs the server one to
// two seconds (CREATE DATABASE copies the 10 MB template through the WAL
// and flushes it; DROP removes its files), most of it waiting on the disk.
// A test should not wait for either: once a process has asked for a
// database, the next is made in the background while the test runs (one
// spare), and a finished test's database is dropped in the background. A
// spare or a drop still pending when the process exits leaves a database
// named with the dead process's id, which the next test process removes
// (leftovers.go), as it removes a killed run's.

var pgSpare = make(chan string, 1)

var pgFilling atomic.Bool

// takeDatabase answers a new database copied from the template: the spare
// when one is ready, else one made now; either way the next spare starts.
func takeDatabase(ctx context.Context) (string, error) {
	select {
	case name := <-pgSpare:
		go fillSpare()
		return name, nil
	default:
	}
	name, err := createDatabase(ctx)
	if err == nil {
		go fillSpare()
	}
	return name, err
}

// fillSpare makes the spare database unless one is ready or being made.
func fillSpare() {
	if !pgFilling.CompareAndSwap(false, true) {
		return
	}
	defer pgFilling.Store(false)
	if len(pgSpare) > 0 {
		return
	}
	name, err := createDatabase(context.Background())
	if err != nil {
		return
	}
	select {
	case pgSpare <- name:
	default:
		dropLater(name)
	}
}

func createDatabase(ctx context.Context) (string, error) {
	admin, err := db.Open(ctx, pgTemplate.admin)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	name := ownedName(prefixDB, "_")
	_, err = admin.ExecContext(ctx, "CREATE DATABASE "+name+" TEMPLATE "+pgTemplate.name)
	return name, err
}

// The databases of finished tests, dropped one at a time by one goroutine.
var pgDrops struct {
	once sync.Once
	ch   chan string
}

func dropLater(name string) {
	pgDrops.once.Do(func() {
		pgDrops.ch = make(chan string, 4096)
		go func() {
			for n := range pgDrops.ch {
				dropDatabase(n)
			}
		}()
	})
	select {
	case pgDrops.ch <- name:
	default: // thousands pending: drop it now
		dropDatabase(name)
	}
}

func dropDatabase(name string) {
	a, err := db.Open(context.Background(), pgTemplate.admin)
	if err != nil {
		return
	}
	_, _ = a.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	a.Close()
}
