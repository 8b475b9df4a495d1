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
)

// Collector reports the queue's depth, age and failures from the jobs
// table at each scrape, so every instance reports the shared queue.
func (q *Queue) Collector() prometheus.Collector { return collector{q} }

type collector struct{ q *Queue }

func (c collector) Describe(ch chan<- *prometheus.Desc) {
	ch <- descWaiting
	ch <- descAge
	ch <- descFailed
}

func (c collector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	now := c.q.clock.Now().UnixMilli()
	rows, err := c.q.db.Conn().Query(ctx, `SELECT kind,
		SUM(CASE WHEN done_at IS NULL AND failed_at IS NULL THEN 1 ELSE 0 END),
		MIN(CASE WHEN done_at IS NULL AND failed_at IS NULL AND run_at <= ? THEN run_at END),
		SUM(CASE WHEN failed_at IS NOT NULL THEN 1 ELSE 0 END)
		FROM jobs GROUP BY kind`, now)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(descWaiting, err)
		return
	}
	defer rows.Close()
	for rows.Next() {
		var kind string
		var waiting, failed int64
		var oldest *int64
		if err := rows.Scan(&kind, &waiting, &oldest, &failed); err != nil {
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
	}
}
