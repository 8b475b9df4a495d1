package jobs_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/omnirent/omnirent/internal/dbtest"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/jobs"
	"github.com/omnirent/omnirent/internal/platform/metrics"
)

// A job whose worker stops renewing its lease (its process was killed) shows
// as stalled from half a lease after the last renewal until another worker
// takes it, once the lease has run out; that take counts as an expired lease.
// A job whose worker is alive shows as running.
func TestStalledLeaseIsReportedUntilTheJobIsTakenAgain(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
		// The worker that will "die": it claims the job and, its renewals
		// being on real time (every 10 s) while the test moves the fake
		// clock, never renews it here, as a killed process would not.
		dead := jobs.New(d, clk, quiet())
		finish := runSlowJob(t, d, dead)
		defer finish()
		reg := prometheus.NewPedanticRegistry()
		reg.MustRegister(dead.Collector(), metrics.LeasesExpired)
		want := func(when string, running, stalled float64) {
			t.Helper()
			if got := value(t, reg, "omnirent_jobs_running"); got != running {
				t.Errorf("%s: running = %v, want %v", when, got, running)
			}
			if got := value(t, reg, "omnirent_jobs_stalled"); got != stalled {
				t.Errorf("%s: stalled = %v, want %v", when, got, stalled)
			}
		}
		want("just claimed", 1, 0)
		clk.Advance(dead.Lease/2 - time.Second)
		want("renewal not yet overdue", 1, 0)
		clk.Advance(2 * time.Second)
		want("half a lease without renewal", 0, 1)

		other := jobs.New(d, clk, quiet())
		other.Handle("slow", func(context.Context, json.RawMessage) error { return nil })
		if ran, _ := other.RunOnce(ctx); ran {
			t.Fatal("a stalled job was taken before its lease ran out")
		}
		clk.Advance(dead.Lease / 2)
		want("lease run out, not yet taken", 0, 1)
		metrics.LeasesExpired.WithLabelValues("slow") // 0 until the take, not absent
		before := value(t, reg, "omnirent_jobs_lease_expired_total")
		if ran, err := other.RunOnce(ctx); !ran || err != nil {
			t.Fatalf("the job of a dead worker was not taken again: ran=%v err=%v", ran, err)
		}
		if got := value(t, reg, "omnirent_jobs_lease_expired_total") - before; got != 1 {
			t.Errorf("expired leases counted = %v, want 1", got)
		}
		want("taken again and done", 0, 0)
	})
}

// value reads the gauge or counter name for kind "slow" from reg.
func value(t *testing.T, reg *prometheus.Registry, name string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "kind" && l.GetValue() == "slow" {
					if c := m.GetCounter(); c != nil {
						return c.GetValue()
					}
					return m.GetGauge().GetValue()
				}
			}
		}
	}
	t.Fatalf("no %s{kind=\"slow\"}", name)
	return 0
}
