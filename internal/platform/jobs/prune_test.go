package jobs_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
)

// The daily prune deletes done jobs older than two weeks and nothing else:
// not the newer done ones, not those still waiting, not those that failed
// for good; and it keeps itself queued.
func TestPruneDeletesOnlyOldDoneJobs(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
		q := jobs.New(d, clk, quiet())
		q.Handle("ok", func(context.Context, json.RawMessage) error { return nil })
		q.Handle("bad", func(context.Context, json.RawMessage) error { return errors.New("broken for good") })
		run := func() {
			for {
				ran, err := q.RunOnce(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if !ran {
					return
				}
			}
		}
		// Old: three done and one failed for good, 20 days ago.
		for range 3 {
			if err := q.Enqueue(ctx, d.Conn(), "ok", nil, 3); err != nil {
				t.Fatal(err)
			}
		}
		if err := q.Enqueue(ctx, d.Conn(), "bad", nil, 1); err != nil {
			t.Fatal(err)
		}
		run()
		clk.Advance(20 * 24 * time.Hour)
		// Recent: two done today, one waiting for tomorrow.
		for range 2 {
			if err := q.Enqueue(ctx, d.Conn(), "ok", nil, 3); err != nil {
				t.Fatal(err)
			}
		}
		run()
		if err := q.EnqueueAt(ctx, d.Conn(), "ok", nil, clk.Now().Add(24*time.Hour), 3); err != nil {
			t.Fatal(err)
		}
		count := func(where string) int {
			var n int
			if err := d.Conn().QueryRow(ctx, `SELECT COUNT(*) FROM jobs WHERE `+where).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if err := q.SchedulePrune(ctx); err != nil {
			t.Fatal(err)
		}
		clk.Advance(time.Hour)
		run()
		if n := count(`kind = 'ok' AND done_at IS NOT NULL`); n != 2 {
			t.Errorf("%d done jobs left, want the 2 recent ones", n)
		}
		if n := count(`kind = 'bad' AND failed_at IS NOT NULL`); n != 1 {
			t.Errorf("%d failed jobs left, want 1 (kept)", n)
		}
		if n := count(`kind = 'ok' AND done_at IS NULL`); n != 1 {
			t.Errorf("%d waiting jobs left, want 1", n)
		}
		if pending, err := q.Pending(ctx, jobs.PruneKind); err != nil || !pending {
			t.Errorf("the next prune is not queued: %v %v", pending, err)
		}
		// Scheduling again (a second instance starting) queues no second one.
		if err := q.SchedulePrune(ctx); err != nil {
			t.Fatal(err)
		}
		if n := count(`kind = '` + jobs.PruneKind + `' AND done_at IS NULL AND failed_at IS NULL`); n != 1 {
			t.Errorf("%d prunes queued, want 1", n)
		}
	})
}
