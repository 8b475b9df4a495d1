package jobs

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

var (
	descWaiting = prometheus.NewDesc("omnirent_jobs_waiting", "Jobs not yet done (due, scheduled or running), by kind.", []string{"kind"}, nil)
	descAge     = prometheus.NewDesc("omnirent_jobs_oldest_due_age_seconds", "How long the oldest due job of a kind has waited past its time.", []string{"kind"}, nil)
	descFailed  = prometheus.NewDesc("omnirent_jobs_failed", "Jobs that failed for good (all attempts used), by kind.", []string{"kind"}, nil)
	descRunning = prometheus.NewDesc("omnirent_jobs_running", "Jobs running now: claimed, their lease renewed within the last half lease, by kind.", []string{"kind"}, nil)
	descStalled = prometheus.NewDesc("omnirent_jobs_stalled", "Jobs claimed by a worker that stopped renewing their lease (its process died or lost the database), waiting for the lease to run out to be taken again, by kind.", []string{"kind"}, nil)
)

// Collector reports the queue's depth, age and failures from the jobs
// table at each scrape, so every instance reports the shared queue.
//
// A claimed job is running while its worker renews the lease (every third
// of it); one whose lease has not been renewed for half a lease or more is
// stalled: its worker is gone (kill -9, a lost machine) and the job waits
// for the lease to run out, then another worker takes it (LeasesExpired
// counts those).
func (q *Queue) Collector() prometheus.Collector { return collector{q} }

type collector struct{ q *Queue }

func (c collector) Describe(ch chan<- *prometheus.Desc) {
	ch <- descWaiting
	ch <- descAge
	ch <- descFailed
	ch <- descRunning
	ch <- descStalled
}

func (c collector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	now := c.q.clock.Now().UnixMilli()
	// A lease renewed within the last half lease ends at least half a lease from now.
	fresh := now + c.q.Lease.Milliseconds()/2
	rows, err := c.q.db.Conn().Query(ctx, `SELECT kind,
		SUM(CASE WHEN done_at IS NULL AND failed_at IS NULL THEN 1 ELSE 0 END),
		MIN(CASE WHEN done_at IS NULL AND failed_at IS NULL AND run_at <= ? THEN run_at END),
		SUM(CASE WHEN failed_at IS NOT NULL THEN 1 ELSE 0 END),
		SUM(CASE WHEN done_at IS NULL AND failed_at IS NULL AND locked_until >= ? THEN 1 ELSE 0 END),
		SUM(CASE WHEN done_at IS NULL AND failed_at IS NULL AND locked_until < ? THEN 1 ELSE 0 END)
		FROM jobs GROUP BY kind`, now, fresh, fresh)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(descWaiting, err)
		return
	}
	defer rows.Close()
	for rows.Next() {
		var kind string
		var waiting, failed, running, stalled int64
		var oldest *int64
		if err := rows.Scan(&kind, &waiting, &oldest, &failed, &running, &stalled); err != nil {
			ch <- prometheus.NewInvalidMetric(descWaiting, err)
			return
		}
		ch <- prometheus.MustNewConstMetric(descWaiting, prometheus.GaugeValue, float64(waiting), kind)
		age := 0.0
		if oldest != nil {
			age = float64(now-*oldest) / 1000
		}
		ch <- prometheus.MustNewConstMetric(descAge, prometheus.GaugeValue, age, kind)
		ch <- prometheus.MustNewConstMetric(descFailed, prometheus.GaugeValue, float64(failed), kind)
		ch <- prometheus.MustNewConstMetric(descRunning, prometheus.GaugeValue, float64(running), kind)
		ch <- prometheus.MustNewConstMetric(descStalled, prometheus.GaugeValue, float64(stalled), kind)
	}
}
