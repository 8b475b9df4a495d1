// Package metrics exposes the server's figures in Prometheus' format
// (client_golang) on a listener of its own (OMNIRENT_METRICS_ADDR, off by
// default): requests by route and status with latency histograms, the job
// queue (depth, age of the oldest due job, failures, running and stalled
// jobs, runs by kind, jobs taken over from a dead worker), mails sent and
// failed, sweeps run, and the database pool.
//
// Counters that code deep in the platform increments (jobs run, mails,
// sweeps) are process-wide; what belongs to one running app (its database
// pool, its job table) is registered on that app's Set, which gathers both.
package metrics

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

var process = prometheus.NewRegistry()

var (
	// Requests is every HTTP request by route pattern (never the raw path,
	// which would hold ids and secrets), method and status.
	Requests = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "omnirent_http_request_duration_seconds",
		Help:    "HTTP requests by route pattern, method and status, with their latency.",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	}, []string{"route", "method", "status"})
	// JobsRun counts job runs by kind and outcome (done, retry, failed, released).
	JobsRun = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "omnirent_jobs_run_total", Help: "Job runs by kind and outcome (done, retry, failed for good, released at shutdown).",
	}, []string{"kind", "outcome"})
	// LeasesExpired counts jobs taken again after their lease ran out: the
	// worker that held them died (kill -9, a lost machine) before writing
	// an outcome.
	LeasesExpired = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "omnirent_jobs_lease_expired_total", Help: "Jobs taken again after their lease ran out (the worker holding them died), by kind.",
	}, []string{"kind"})
	// JobDuration is how long job runs take, by kind.
	JobDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "omnirent_job_duration_seconds", Help: "How long a job run takes, by kind.",
		Buckets: []float64{.005, .01, .05, .1, .5, 1, 5, 30, 120},
	}, []string{"kind"})
	// Mails counts e-mails handed to the transport, by transport and outcome (sent, failed).
	Mails = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "omnirent_mails_total", Help: "E-mails handed to the transport (smtp or outbox), by outcome (sent, failed).",
	}, []string{"transport", "outcome"})
	// Sweeps counts runs of the periodic sweeps (reminders, alerts, repairs) by name.
	Sweeps = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "omnirent_sweeps_total", Help: "Runs of the periodic sweeps (certificate reminders, calendar alerts, repairs), by name.",
	}, []string{"sweep"})
)

func init() {
	process.MustRegister(Requests, JobsRun, LeasesExpired, JobDuration, Mails, Sweeps,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
}

// Set is one app's registry: its own collectors plus the process-wide ones.
type Set struct{ reg *prometheus.Registry }

// NewSet returns a Set holding the database pool's figures.
func NewSet(db *sql.DB) *Set {
	s := &Set{reg: prometheus.NewRegistry()}
	s.reg.MustRegister(collectors.NewDBStatsCollector(db, "omnirent"))
	return s
}

// Register adds an app-level collector (the job queue's, for one).
func (s *Set) Register(c prometheus.Collector) { s.reg.MustRegister(c) }

// Handler serves /metrics.
func (s *Set) Handler() http.Handler {
	return promhttp.HandlerFor(prometheus.Gatherers{process, s.reg}, promhttp.HandlerOpts{})
}

type routeKey struct{}

// Route is the innermost handler's wrapper: once the router has matched,
// it records the route pattern for WithRequests (r.Pattern is set on the
// request the router passes on, not on the middleware's copy).
func Route(router http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		router.ServeHTTP(w, r)
		if p, ok := r.Context().Value(routeKey{}).(*string); ok {
			*p = r.Pattern
		}
	})
}

// WithRequests observes every request by route, method and status.
func WithRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		route := ""
		rec := &status{ResponseWriter: w}
		next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), routeKey{}, &route)))
		if route == "" {
			route = "unmatched"
		}
		code := rec.code
		if code == 0 {
			code = http.StatusOK
		}
		Requests.WithLabelValues(route, r.Method, strconv.Itoa(code)).Observe(time.Since(start).Seconds())
	})
}

type status struct {
	http.ResponseWriter
	code int
}

func (s *status) WriteHeader(code int) {
	if s.code == 0 {
		s.code = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *status) Write(b []byte) (int, error) {
	if s.code == 0 {
		s.code = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (flushes, deadlines).
func (s *status) Unwrap() http.ResponseWriter { return s.ResponseWriter }
