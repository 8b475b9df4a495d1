package photo

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"log/slog"
	neturl "net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/storage"
	"github.com/omnirent/omnirent/internal/session"
)

// Crash tests of photo upload, resize and delete (issue 24): a helper
// process (this test binary, TestPhotoCrashHelper) uploads a photo and is
// killed with SIGKILL at a chosen point; a fresh service on the same
// database and files then runs the queued jobs and the sweep. After each
// kill no row names a missing file, a committed photo gets its display
// sizes, and every file no row names is removed by the sweep.

type anyoneMay struct{}

func (anyoneMay) CanEdit(context.Context, session.Actor, string) error { return nil }
func (anyoneMay) Visibility(context.Context, session.Actor, string) (bool, bool, error) {
	return true, false, nil
}

// crashService is the photo service as the app builds it, on d and dir.
func crashService(t testing.TB, d *db.DB, dir string, clk clock.Clock) (*Service, *jobs.Queue, *storage.Local) {
	t.Helper()
	files, err := storage.NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	q := jobs.New(d, clk, log)
	s := NewService(d, clk, files, q, log)
	s.SetOwners(KindProperty, anyoneMay{})
	return s, q, files
}

var crashActor = session.Actor{UserID: "u1", Email: "owner@example.com", UserType: session.Landlord, Role: session.RoleUser}

// The points a helper is killed at, and what it does to reach them.
var crashPoints = []string{
	"upload:file-written",  // the original stored, no row yet
	"upload:row-committed", // the row and its resize job committed, nothing answered
	"resize:large-written", // the large copy stored, not the thumbnail, sizes not recorded
	"resize:thumb-written", // both copies stored, sizes not recorded
	"delete:row-deleted",   // the row gone, its three files not yet
}

// databaseURL opens a fresh migrated database of the dialect the helper
// can open too.
func databaseURL(t *testing.T, dialect db.Dialect) (*db.DB, string) {
	t.Helper()
	ctx := context.Background()
	if dialect == db.SQLite {
		u := "sqlite:" + filepath.Join(t.TempDir(), "crash.db")
		d, err := db.Open(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		if err := d.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		return d, u
	}
	d := dbtest.Open(t, db.Postgres)
	var schema string
	if err := d.Conn().QueryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		t.Fatal(err)
	}
	u, err := neturl.Parse(os.Getenv("OMNIRENT_TEST_POSTGRES_URL"))
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return d, u.String()
}

func TestPhotoUploadKilledAtEachPoint(t *testing.T) {
	for _, dialect := range dbtest.Dialects() {
		t.Run(string(dialect), func(t *testing.T) {
			d, dsn := databaseURL(t, dialect)
			dir := t.TempDir()
			for i, point := range crashPoints {
				owner := "property-" + string(rune('a'+i))
				killAt(t, dsn, dir, owner, point)
				// Restart: a fresh service on the same database and files,
				// its clock past the killed worker's job lease.
				clk := clock.NewFake(time.Now().Add(time.Hour))
				s, q, files := crashService(t, d, dir, clk)
				ctx := context.Background()
				for {
					ran, err := q.RunOnce(ctx)
					if err != nil {
						t.Fatal(err)
					}
					if !ran {
						break
					}
				}
				rows, err := listOf(ctx, d.Conn(), KindProperty, []string{owner})
				if err != nil {
					t.Fatal(err)
				}
				want := 1
				if strings.HasPrefix(point, "delete:") || point == "upload:file-written" {
					want = 0
				}
				if len(rows) != want {
					t.Fatalf("%s: %d rows after restart, want %d", point, len(rows), want)
				}
				// No row names a missing file; a committed photo has its sizes.
				for _, p := range rows {
					if !p.resized() {
						t.Errorf("%s: the photo was never resized (its job was lost)", point)
					}
					for _, size := range []Size{Original, Large, Thumb} {
						if rc, _, err := files.Get(ctx, p.key(size)); err != nil {
							t.Errorf("%s: the row names a missing %s file: %v", point, size, err)
						} else {
							rc.Close()
						}
					}
				}
				// Two sweeps: the first notes orphans, the second removes them.
				found, _, err := s.SweepOrphans(ctx, nil)
				if err != nil {
					t.Fatal(err)
				}
				if _, removed, err := s.SweepOrphans(ctx, found); err != nil || removed != len(found) {
					t.Fatalf("%s: removed %d of %d orphans (%v)", point, removed, len(found), err)
				}
				objs, err := files.List(ctx, kinds[KindProperty].dir+"/")
				if err != nil {
					t.Fatal(err)
				}
				all, err := namesOf(ctx, d.Conn(), KindProperty)
				if err != nil {
					t.Fatal(err)
				}
				named := map[string]bool{}
				for _, p := range all {
					for _, size := range []Size{Original, Large, Thumb} {
						named[p.key(size)] = true
					}
				}
				for _, o := range objs {
					if !named[o.Key] {
						t.Errorf("%s: orphan file left after the sweep: %s", point, o.Key)
					}
				}
				files.Close()
			}
		})
	}
}

// The sweep never takes an upload in flight: a file without its row yet is
// only noted at the first sweep; once the row is there, it stays.
func TestSweepKeepsAnUploadInFlight(t *testing.T) {
	for _, dialect := range dbtest.Dialects() {
		t.Run(string(dialect), func(t *testing.T) {
			d, _ := databaseURL(t, dialect)
			ctx := context.Background()
			s, _, files := crashService(t, d, t.TempDir(), clock.System{})
			defer files.Close()
			p := photo{Evidence: Evidence{Name: "0123456789abcdef0123456789abcdef.jpg", OwnerKind: KindProperty, OwnerID: "p1", UploadedAt: time.Now()}, ContentType: "image/jpeg"}
			jpg := imagingtest.JPEG(t, 16, 16)
			if err := files.Put(ctx, p.key(Original), bytes.NewReader(jpg), int64(len(jpg)), "image/jpeg"); err != nil {
				t.Fatal(err)
			}
			found, removed, err := s.SweepOrphans(ctx, nil)
			if err != nil || removed != 0 || len(found) != 1 {
				t.Fatalf("first sweep: found %v, removed %d, %v", found, removed, err)
			}
			if err := insertWithinLimit(ctx, d, p, func(db.Conn) error { return nil }); err != nil {
				t.Fatal(err)
			}
			if _, removed, err := s.SweepOrphans(ctx, found); err != nil || removed != 0 {
				t.Fatalf("second sweep removed %d (%v)", removed, err)
			}
			if rc, _, err := files.Get(ctx, p.key(Original)); err != nil {
				t.Fatal("the sweep took a file whose row came in between")
			} else {
				rc.Close()
			}
		})
	}
}

// killAt runs the helper until it reports reaching point, then kills it
// with SIGKILL.
func killAt(t *testing.T, dsn, dir, owner, point string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestPhotoCrashHelper$")
	cmd.Env = append(os.Environ(), "PHOTO_CRASH_DB="+dsn, "PHOTO_CRASH_DIR="+dir, "PHOTO_CRASH_OWNER="+owner, "PHOTO_CRASH_AT="+point)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	reached := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "crash:") {
				reached <- strings.TrimPrefix(sc.Text(), "crash:")
				return
			}
		}
		close(reached)
	}()
	select {
	case got, ok := <-reached:
		if !ok || got != point {
			t.Fatalf("helper ended without reaching %s", point)
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("helper did not reach %s", point)
	}
	_ = cmd.Process.Kill() // SIGKILL: nothing after the point runs
	_ = cmd.Wait()
}

// TestPhotoCrashHelper is the process TestPhotoUploadKilledAtEachPoint kills.
func TestPhotoCrashHelper(t *testing.T) {
	dsn, point := os.Getenv("PHOTO_CRASH_DB"), os.Getenv("PHOTO_CRASH_AT")
	if dsn == "" {
		t.Skip("run by TestPhotoUploadKilledAtEachPoint")
	}
	ctx := context.Background()
	d, err := db.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	s, q, _ := crashService(t, d, os.Getenv("PHOTO_CRASH_DIR"), clock.System{})
	crashPoint = func(p string) {
		if p == point {
			os.Stdout.WriteString("crash:" + p + "\n")
			time.Sleep(time.Hour) // killed here
		}
	}
	owner := os.Getenv("PHOTO_CRASH_OWNER")
	v, err := s.Upload(ctx, KindProperty, crashActor, owner, bytes.NewReader(imagingtest.JPEG(t, 900, 700)))
	if err != nil {
		t.Fatal(err)
	}
	for { // the resize job
		ran, err := q.RunOnce(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !ran {
			break
		}
	}
	if err := s.Delete(ctx, KindProperty, crashActor, owner, v.Name); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("finished\n")
}
