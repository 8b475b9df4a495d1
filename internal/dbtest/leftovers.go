package dbtest

import (
	"context"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/omnirent/omnirent/internal/platform/db"
)

// A test process killed (kill -9, a test binary's timeout, a cancelled CI
// job) runs none of its clean-ups: its PostgreSQL databases and schemas and
// its temp folders stay behind. So each is named for the process that
// made it (its pid), and a later test process removes those of processes
// no longer running: the temp folders when it starts, the databases and
// schemas at its first PostgreSQL database. What a running process made
// is never touched, however old, nor is anything named otherwise (the
// migrated templates, which stay on purpose). The pid is this machine's:
// test processes on another machine sharing the PostgreSQL server would
// have to be told apart by more than it.
//
// The temp folders: every test process that imports dbtest keeps its
// temporary files (t.TempDir, os.MkdirTemp, and those of the programs it
// starts) in a folder of its own, omnirent-test-<pid>-* in the system's
// temp folder, which TMPDIR points to from the start.

// Name prefixes; the owner's pid follows, then "_" (databases, schemas) or
// "-" (folders) and a random part.
const (
	prefixDB       = "omnirent_test_"          // a test's database or schema
	prefixTemplate = "omnirent_template_make_" // a template being migrated
	prefixTemp     = "omnirent-test-"          // a test process's temp folder
	prefixMake     = "make-"                   // a SQLite template being made (in omnirent-dbtest)
)

// systemTemp is the system's temp folder as this process found it, before
// TMPDIR pointed into the process's own folder in it.
var systemTemp = os.TempDir()

func init() {
	removeDeadFolders(systemTemp)
	dir, err := os.MkdirTemp(systemTemp, prefixTemp+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return // the temp folders stay where they were
	}
	os.Setenv("TMPDIR", dir) //nolint:errcheck // the same string always goes
}

// ownedName is a fresh name for a database, schema or folder of this
// process: prefix, the pid, sep and a random part.
func ownedName(prefix, sep string) string {
	return prefix + strconv.Itoa(os.Getpid()) + sep + randomHex()
}

// ownerOf is the pid a name made by ownedName carries, or 0 for a name not
// made so (another prefix, or an older name without a pid).
func ownerOf(name, prefix, sep string) int {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return 0
	}
	digits, _, ok := strings.Cut(rest, sep)
	if !ok {
		return 0
	}
	pid, err := strconv.Atoi(digits)
	if err != nil || pid <= 0 || strconv.Itoa(pid) != digits {
		return 0
	}
	return pid
}

// running reports whether a process with the pid runs on this machine (a
// process of another user, which this one may not signal, runs too).
func running(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// dead reports whether name, made by ownedName, is of a process no longer
// running.
func dead(name, prefix, sep string) bool {
	pid := ownerOf(name, prefix, sep)
	return pid != 0 && !running(pid)
}

// removeDeadFolders removes the temp folders in tmp of test processes no
// longer running: their own folders, and the SQLite templates they were
// making. Errors are ignored: another process may be removing the same.
func removeDeadFolders(tmp string) {
	for _, where := range []struct{ dir, prefix string }{
		{tmp, prefixTemp},
		{filepath.Join(tmp, templateDir), prefixMake},
	} {
		entries, err := os.ReadDir(where.dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if e.IsDir() && dead(e.Name(), where.prefix, "-") {
				_ = os.RemoveAll(filepath.Join(where.dir, e.Name()))
			}
		}
	}
}

// The PostgreSQL sweep runs once a process, at its first database or schema.
var pgSweep sync.Once

func sweepPostgres(base string) {
	pgSweep.Do(func() { dropDead(context.Background(), base, adminURL(base)) })
}

// patient is u with a lock timeout: a drop waits at most that long for a
// lock (of a killed process's session not yet ended) and is tried again by
// the next process.
func patient(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return u
	}
	q := p.Query()
	q.Set("lock_timeout", "5000")
	p.RawQuery = q.Encode()
	return p.String()
}

// dropDead drops the databases (through admin) and the schemas of base's
// database that test processes no longer running made. Errors are ignored:
// the next process tries again.
func dropDead(ctx context.Context, base, admin string) {
	if a, err := db.Open(ctx, patient(admin)); err == nil {
		names := names(ctx, a, `SELECT datname FROM pg_database WHERE datname LIKE 'omnirent\_test\_%' OR datname LIKE 'omnirent\_template\_make\_%'`)
		for _, n := range names {
			if dead(n, prefixDB, "_") || dead(n, prefixTemplate, "_") {
				_, _ = a.ExecContext(ctx, `DROP DATABASE IF EXISTS "`+n+`" WITH (FORCE)`)
			}
		}
		a.Close()
	}
	if b, err := db.Open(ctx, patient(base)); err == nil {
		for _, n := range names(ctx, b, `SELECT nspname FROM pg_namespace WHERE nspname LIKE 'omnirent\_test\_%'`) {
			if dead(n, prefixDB, "_") {
				_, _ = b.ExecContext(ctx, `DROP SCHEMA IF EXISTS "`+n+`" CASCADE`)
			}
		}
		b.Close()
	}
}

// names answers the single column of q's rows (none on an error).
func names(ctx context.Context, d *db.DB, q string) []string {
	rows, err := d.QueryContext(ctx, q)
	if err != nil {
		return nil
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if rows.Scan(&n) == nil {
			out = append(out, n)
		}
	}
	return out
}
