package photo

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging/imagingtest"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/killtest"
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

func TestPhotoUploadKilledAtEachPoint(t *testing.T) {
	killtest.Each(t, func(t *testing.T, shared killtest.Shared) {
		d, dir := shared.Open(t), shared.Dir
		for i, point := range crashPoints {
			owner := "property-" + string(rune('a'+i))
			shared.KillAt(t, "TestPhotoCrashHelper", point, "PHOTO_CRASH_OWNER="+owner)
			// Restart: a fresh service on the same database and files,
			// its clock past the killed worker's job lease.
			clk := clock.NewFake(time.Now().Add(time.Hour))
			s, q, files := crashService(t, d, dir, clk)
			ctx := context.Background()
			runJobs(t, q)
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

// runJobs runs q's jobs until none is left.
func runJobs(t *testing.T, q *jobs.Queue) {
	t.Helper()
	for {
		ran, err := q.RunOnce(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if !ran {
			return
		}
	}
}

// The sweep never takes an upload in flight: a file without its row yet is
// only noted at the first sweep; once the row is there, it stays.
func TestSweepKeepsAnUploadInFlight(t *testing.T) {
	for _, dialect := range dbtest.Dialects() {
		t.Run(string(dialect), func(t *testing.T) {
			d := dbtest.Open(t, dialect)
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
			if err := insertWithinLimit(ctx, d, p, nil, func(db.Conn) error { return nil }); err != nil {
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

// TestPhotoCrashHelper is the process TestPhotoUploadKilledAtEachPoint kills.
func TestPhotoCrashHelper(t *testing.T) {
	shared, stop := killtest.InHelper(t)
	ctx := context.Background()
	s, q, _ := crashService(t, shared.Open(t), shared.Dir, clock.System{})
	crashPoint = stop // killed at the test's point
	owner := os.Getenv("PHOTO_CRASH_OWNER")
	v, err := s.Upload(ctx, KindProperty, crashActor, owner, bytes.NewReader(imagingtest.JPEG(t, 900, 700)))
	if err != nil {
		t.Fatal(err)
	}
	runJobs(t, q) // the resize job
	if err := s.Delete(ctx, KindProperty, crashActor, owner, v.Name); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("finished\n")
}
