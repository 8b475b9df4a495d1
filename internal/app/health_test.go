package app_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/app"
	"github.com/omnirent/omnirent/internal/apptest"
	"github.com/omnirent/omnirent/internal/config"
	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/storage"
)

func build(t *testing.T, cfg config.Config, d *db.DB) (*app.App, error) {
	t.Helper()
	return app.Build(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)),
		clock.NewFake(time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)), d, apptest.TestDist)
}

// A database that answers pings but refuses writes (a read-only data
// folder) stops the server at start-up with a clear message, instead of a
// server whose every sign-in and upload fails with a bare 500.
func TestStartRefusesADatabaseThatCannotBeWritten(t *testing.T) {
	t.Parallel()
	for _, dialect := range dbtest.Dialects() {
		t.Run(string(dialect), func(t *testing.T) {
			ro := dbtest.OpenReadOnly(t, dialect)
			if err := ro.PingContext(context.Background()); err != nil {
				t.Fatalf("the read-only database should still answer pings: %v", err)
			}
			_, err := build(t, apptest.Config(t, t.TempDir()), ro)
			if err == nil || !strings.Contains(err.Error(), "the database cannot be written") || !strings.Contains(err.Error(), "check that the database") {
				t.Fatalf("start on a read-only database: %v", err)
			}
		})
	}
}

// A files folder that cannot be written stops the server at start-up.
// (Tests run as root, who ignores permission bits, so the folder's tmp is
// made a plain file: every write into it fails as on a read-only mount.)
func TestStartRefusesFilesThatCannotBeWritten(t *testing.T) {
	t.Parallel()
	dataDir := t.TempDir()
	files := filepath.Join(dataDir, "files")
	if err := os.MkdirAll(files, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(files, "tmp"), []byte("not a folder"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := build(t, apptest.Config(t, dataDir), dbtest.Open(t, db.SQLite))
	if err == nil || !strings.Contains(err.Error(), "file") {
		t.Fatalf("start on unwritable files: %v", err)
	}
}

// failingStore is storage that stopped taking writes after start-up.
type failingStore struct{ storage.Store }

func (failingStore) Put(context.Context, string, io.Reader, int64, string) error {
	return errors.New("read-only file system")
}

// /healthz says which of the database and the file storage cannot be
// written, with 503, rather than "ok" from a ping.
func TestHealthzReportsWhatCannotBeWritten(t *testing.T) {
	t.Parallel()
	for _, dialect := range dbtest.Dialects() {
		t.Run(string(dialect), func(t *testing.T) {
			e := apptest.Start(t, dbtest.Open(t, dialect), nil)
			if r := raw(t, e, "GET", "/healthz", "", nil); r.Status != 200 ||
				!strings.Contains(r.Body, `"database":"ok"`) || !strings.Contains(r.Body, `"storage":"ok"`) {
				t.Fatalf("healthy: %d %s", r.Status, r.Body)
			}

			e2 := apptest.Start(t, dbtest.Open(t, dialect), nil)
			e2.App.DB = dbtest.OpenReadOnly(t, dialect)
			e2.App.Files = failingStore{e2.App.Files}
			r := raw(t, e2, "GET", "/healthz", "", nil)
			if r.Status != 503 || !strings.Contains(r.Body, `"database":"not writable"`) || !strings.Contains(r.Body, `"storage":"not writable"`) {
				t.Fatalf("unwritable: %d %s", r.Status, r.Body)
			}
		})
	}
}
