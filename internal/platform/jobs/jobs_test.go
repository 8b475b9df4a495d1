package jobs_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
)

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func TestJobRunsOnceAndIsDone(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
		q := jobs.New(d, clk, quiet())
		var got []string
		q.Handle("hello", func(_ context.Context, p json.RawMessage) error {
			var s string
			_ = json.Unmarshal(p, &s)
			got = append(got, s)
			return nil
		})
		if err := q.Enqueue(ctx, d.Conn(), "hello", "world", 3); err != nil {
			t.Fatal(err)
		}
		ran, err := q.RunOnce(ctx)
		if err != nil || !ran {
			t.Fatalf("ran=%v err=%v", ran, err)
		}
		ran, _ = q.RunOnce(ctx)
		if ran {
			t.Fatal("a finished job ran again")
		}
		if len(got) != 1 || got[0] != "world" {
			t.Fatalf("got %v", got)
		}
	})
}

func TestFailedJobRetriesWithBackoffThenGivesUp(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
		q := jobs.New(d, clk, quiet())
		var calls atomic.Int32
		q.Handle("flaky", func(context.Context, json.RawMessage) error {
			calls.Add(1)
			return errors.New("smtp down")
		})
		_ = q.Enqueue(ctx, d.Conn(), "flaky", nil, 3)

		if ran, _ := q.RunOnce(ctx); !ran {
			t.Fatal("first attempt did not run")
		}
		// Not due again until the back-off (2 s after attempt 1) has passed.
		if ran, _ := q.RunOnce(ctx); ran {
			t.Fatal("retried before its back-off")
		}
		clk.Advance(2 * time.Second)
		if ran, _ := q.RunOnce(ctx); !ran {
			t.Fatal("second attempt did not run after back-off")
		}
		clk.Advance(4 * time.Second)
		if ran, _ := q.RunOnce(ctx); !ran {
			t.Fatal("third attempt did not run")
		}
		clk.Advance(time.Hour)
		if ran, _ := q.RunOnce(ctx); ran {
			t.Fatal("ran beyond max attempts")
		}
		if calls.Load() != 3 {
			t.Fatalf("calls = %d, want 3", calls.Load())
		}
		var failed int
		if err := d.Conn().QueryRow(ctx, `SELECT COUNT(*) FROM jobs WHERE failed_at IS NOT NULL AND last_error = 'smtp down'`).Scan(&failed); err != nil || failed != 1 {
			t.Fatalf("failed rows = %d err=%v", failed, err)
		}
	})
}

func TestClaimedJobIsHiddenFromOtherWorkersUntilLeaseEnds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
		q := jobs.New(d, clk, quiet())
		finish := runSlowJob(t, d, q)
		other := jobs.New(d, clk, quiet())
		other.Handle("slow", func(context.Context, json.RawMessage) error { t.Error("second worker ran a leased job"); return nil })
		if ran, _ := other.RunOnce(ctx); ran {
			t.Fatal("leased job claimed twice")
		}
		finish()
	})
}

// runSlowJob enqueues a "slow" job and runs it on q until finish is called;
// it returns once the job has started.
func runSlowJob(t *testing.T, d *db.DB, q *jobs.Queue) (finish func()) {
	t.Helper()
	block, started, done := make(chan struct{}), make(chan struct{}), make(chan struct{})
	q.Handle("slow", func(context.Context, json.RawMessage) error {
		close(started)
		<-block
		return nil
	})
	if err := q.Enqueue(context.Background(), d.Conn(), "slow", nil, 3); err != nil {
		t.Fatal(err)
	}
	go func() { _, _ = q.RunOnce(context.Background()); close(done) }()
	<-started
	return func() {
		close(block)
		<-done
	}
}

// A job that runs longer than its lease keeps it: it renews the lease while
// it runs, so no other worker takes it. Only a worker that stops renewing
// (its process died) loses the job, once the lease is over.
func TestRunningJobRenewsItsLease(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
		q := jobs.New(d, clk, quiet())
		q.Lease = 150 * time.Millisecond // renewed every 50 ms of real time
		finish := runSlowJob(t, d, q)
		other := jobs.New(d, clk, quiet())
		var stolen atomic.Int32
		other.Handle("slow", func(context.Context, json.RawMessage) error { stolen.Add(1); return nil })
		// Five leases go by while the job runs; after each, the running
		// worker has had time to renew.
		for i := range 5 {
			clk.Advance(q.Lease)
			leasedUntil := func() int64 {
				var until int64
				if err := d.Conn().QueryRow(ctx, `SELECT locked_until FROM jobs WHERE kind = 'slow'`).Scan(&until); err != nil {
					t.Fatal(err)
				}
				return until
			}
			deadline := time.Now().Add(5 * time.Second)
			for leasedUntil() <= clk.Now().UnixMilli() {
				if time.Now().After(deadline) {
					t.Fatalf("lease %d: not renewed", i+1)
				}
				time.Sleep(10 * time.Millisecond)
			}
			if ran, _ := other.RunOnce(ctx); ran || stolen.Load() != 0 {
				t.Fatalf("lease %d: a running job was taken by another worker", i+1)
			}
		}
		finish()
		// Done: no renewal lands after the outcome.
		var lockedUntil *int64
		var doneAt *int64
		if err := d.Conn().QueryRow(ctx, `SELECT locked_until, done_at FROM jobs WHERE kind = 'slow'`).Scan(&lockedUntil, &doneAt); err != nil || doneAt == nil || lockedUntil != nil {
			t.Fatalf("after the run: locked until %v, done %v (%v)", lockedUntil, doneAt, err)
		}
	})
}

func TestPanickingHandlerIsRetriedNotFatal(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Now())
		q := jobs.New(d, clk, quiet())
		q.Handle("boom", func(context.Context, json.RawMessage) error { panic("bad") })
		_ = q.Enqueue(ctx, d.Conn(), "boom", nil, 2)
		if ran, err := q.RunOnce(ctx); !ran || err != nil {
			t.Fatalf("ran=%v err=%v", ran, err)
		}
		var lastErr string
		_ = d.Conn().QueryRow(ctx, `SELECT last_error FROM jobs`).Scan(&lastErr)
		if lastErr != "job panicked: bad" {
			t.Fatalf("last_error = %q", lastErr)
		}
	})
}

func TestScheduledJobWaitsForItsTime(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
		q := jobs.New(d, clk, quiet())
		var calls atomic.Int32
		q.Handle("later", func(context.Context, json.RawMessage) error { calls.Add(1); return nil })
		if pending, _ := q.Pending(ctx, "later"); pending {
			t.Fatal("pending before anything was queued")
		}
		if err := q.EnqueueAt(ctx, d.Conn(), "later", nil, clk.Now().Add(30*time.Minute), 3); err != nil {
			t.Fatal(err)
		}
		if pending, _ := q.Pending(ctx, "later"); !pending {
			t.Fatal("not pending once queued")
		}
		if ran, _ := q.RunOnce(ctx); ran || calls.Load() != 0 {
			t.Fatal("ran before its time")
		}
		clk.Advance(31 * time.Minute)
		if ran, _ := q.RunOnce(ctx); !ran || calls.Load() != 1 {
			t.Fatal("did not run when due")
		}
		if pending, _ := q.Pending(ctx, "later"); pending {
			t.Fatal("still pending once done")
		}
	})
}
