// Package jobs is a durable job queue kept in the database, so it works the
// same on SQLite and PostgreSQL and survives restarts. Workers poll for due
// jobs, claim one with a lease (an UPDATE that only one worker can win), run
// it, and on failure retry with exponential back-off until max attempts.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/metrics"
	"github.com/omnirent/omnirent/internal/platform/reqid"
)

// Handler runs one job's payload. Returning an error schedules a retry.
type Handler func(ctx context.Context, payload json.RawMessage) error

type Queue struct {
	db       *db.DB
	clock    clock.Clock
	log      *slog.Logger
	mu       sync.RWMutex
	handlers map[string]Handler
	// Lease is how long a claimed job is hidden from other workers. A
	// running job renews it every Lease/3, so only a job whose worker died
	// (kill -9, a lost machine) waits for it to end.
	Lease time.Duration
	// Backoff gives the delay before retry n (1-based).
	Backoff func(attempt int) time.Duration
	wake    chan struct{}
	// abort ends the context of the jobs running when a shutdown's grace
	// period is over (Abort); their leases are then released at once.
	abort     chan struct{}
	abortOnce sync.Once
	sweeps    map[string]bool
}

func New(d *db.DB, c clock.Clock, log *slog.Logger) *Queue {
	return &Queue{
		db: d, clock: c, log: log,
		handlers: map[string]Handler{},
		Lease:    30 * time.Second,
		Backoff: func(n int) time.Duration {
			d := time.Duration(1<<min(n, 12)) * time.Second // 2s, 4s, 8s ... capped near 68 min
			return d
		},
		wake:  make(chan struct{}, 1),
		abort: make(chan struct{}),
	}
}

// CountAsSweep names the job kinds that are periodic sweeps (reminders,
// alerts, repairs), whose runs the sweeps metric counts.
func (q *Queue) CountAsSweep(kinds ...string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.sweeps == nil {
		q.sweeps = map[string]bool{}
	}
	for _, k := range kinds {
		q.sweeps[k] = true
	}
}

// Handle registers the handler of a job kind.
func (q *Queue) Handle(kind string, h Handler) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.handlers[kind] = h
}

// Enqueue stores a job to run now. conn may be a transaction, so a job is
// recorded atomically with the change that caused it.
func (q *Queue) Enqueue(ctx context.Context, conn db.Conn, kind string, payload any, maxAttempts int) error {
	return q.EnqueueAt(ctx, conn, kind, payload, q.clock.Now(), maxAttempts)
}

// EnqueueAt adds a job that is not due before runAt (scheduled work).
func (q *Queue) EnqueueAt(ctx context.Context, conn db.Conn, kind string, payload any, runAt time.Time, maxAttempts int) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	now := q.clock.Now().UnixMilli()
	_, err = conn.Exec(ctx, `INSERT INTO jobs (id, kind, payload, run_at, attempts, max_attempts, created_at, origin) VALUES (?, ?, ?, ?, 0, ?, ?, ?)`,
		uuid.NewString(), kind, string(b), runAt.UnixMilli(), maxAttempts, now, reqid.From(ctx))
	if err == nil {
		select {
		case q.wake <- struct{}{}:
		default:
		}
	}
	return err
}

// Pending reports whether a job of kind is waiting or running (not done
// and not failed for good): schedulers use it to keep one in the queue.
func (q *Queue) Pending(ctx context.Context, kind string) (bool, error) {
	var n int
	err := q.db.Conn().QueryRow(ctx, `SELECT COUNT(*) FROM jobs WHERE kind = ? AND done_at IS NULL AND failed_at IS NULL`, kind).Scan(&n)
	return n > 0, err
}

type job struct {
	id, kind, payload, origin string
	attempts, max             int
}

// claim takes the oldest due job, or returns (nil, nil) when none is due.
// Its lease lasts Lease; a running job renews it (renew), so a job whose
// process died is taken again within Lease.
func (q *Queue) claim(ctx context.Context) (*job, error) {
	now := q.clock.Now().UnixMilli()
	conn := q.db.Conn()
	for range 5 { // another worker may win the race; try the next candidate
		var j job
		var expired *int64 // a lease that ran out: its worker died without writing an outcome
		err := conn.QueryRow(ctx, `SELECT id, kind, payload, attempts, max_attempts, origin, locked_until FROM jobs
			WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ? AND (locked_until IS NULL OR locked_until < ?)
			ORDER BY run_at LIMIT 1`, now, now).Scan(&j.id, &j.kind, &j.payload, &j.attempts, &j.max, &j.origin, &expired)
		if errors.Is(err, db.NoRows) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		res, err := conn.Exec(ctx, `UPDATE jobs SET locked_until = ?, attempts = attempts + 1
			WHERE id = ? AND done_at IS NULL AND (locked_until IS NULL OR locked_until < ?)`,
			now+q.Lease.Milliseconds(), j.id, now)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			j.attempts++
			if expired != nil {
				metrics.LeasesExpired.WithLabelValues(j.kind).Inc()
				q.log.WarnContext(ctx, "job taken again after its lease ran out (its worker died)", "kind", j.kind, "id", j.id, "attempt", j.attempts)
			}
			return &j, nil
		}
	}
	return nil, nil
}

// RunOnce claims and runs at most one due job. It reports whether it ran one.
//
// ctx only governs claiming: a job already running goes on when ctx ends (a
// shutdown stops taking work but lets running jobs finish) until Abort; a
// job cut off by Abort has its lease released and its attempt uncounted, so
// another instance takes it at once instead of after the lease.
func (q *Queue) RunOnce(ctx context.Context) (bool, error) {
	j, err := q.claim(ctx)
	if err != nil || j == nil {
		return false, err
	}
	runCtx, cancel := context.WithCancel(reqid.With(context.WithoutCancel(ctx), j.origin))
	defer cancel()
	go func() {
		select {
		case <-q.abort:
			cancel()
		case <-runCtx.Done():
		}
	}()
	q.mu.RLock()
	h, sweep := q.handlers[j.kind], q.sweeps[j.kind]
	q.mu.RUnlock()
	if sweep {
		metrics.Sweeps.WithLabelValues(j.kind).Inc()
	}
	started := time.Now()
	var runErr error
	if h == nil {
		runErr = fmt.Errorf("no handler for job kind %q", j.kind)
	} else {
		stopRenewing := q.renew(runCtx, j)
		runErr = safeRun(runCtx, h, json.RawMessage(j.payload))
		stopRenewing()
	}
	metrics.JobDuration.WithLabelValues(j.kind).Observe(time.Since(started).Seconds())
	now := q.clock.Now()
	conn := q.db.Conn()
	// The outcome is written even when the job was cut off.
	wctx, wcancel := context.WithTimeout(context.WithoutCancel(runCtx), 10*time.Second)
	defer wcancel()
	switch {
	case runErr == nil:
		metrics.JobsRun.WithLabelValues(j.kind, "done").Inc()
		_, err = conn.Exec(wctx, `UPDATE jobs SET done_at = ?, locked_until = NULL, last_error = '' WHERE id = ?`, now.UnixMilli(), j.id)
	case q.aborted():
		metrics.JobsRun.WithLabelValues(j.kind, "released").Inc()
		q.log.WarnContext(runCtx, "job cut off by shutdown, lease released", "kind", j.kind, "id", j.id)
		_, err = conn.Exec(wctx, `UPDATE jobs SET locked_until = NULL, attempts = attempts - 1 WHERE id = ? AND done_at IS NULL`, j.id)
	case j.attempts >= j.max:
		metrics.JobsRun.WithLabelValues(j.kind, "failed").Inc()
		q.log.ErrorContext(runCtx, "job failed for good", "kind", j.kind, "id", j.id, "attempts", j.attempts, "err", runErr)
		_, err = conn.Exec(wctx, `UPDATE jobs SET failed_at = ?, locked_until = NULL, last_error = ? WHERE id = ?`, now.UnixMilli(), runErr.Error(), j.id)
	default:
		metrics.JobsRun.WithLabelValues(j.kind, "retry").Inc()
		next := now.Add(q.Backoff(j.attempts))
		q.log.WarnContext(runCtx, "job failed, will retry", "kind", j.kind, "id", j.id, "attempt", j.attempts, "retry_at", next, "err", runErr)
		_, err = conn.Exec(wctx, `UPDATE jobs SET run_at = ?, locked_until = NULL, last_error = ? WHERE id = ?`, next.UnixMilli(), runErr.Error(), j.id)
	}
	return true, err
}

// renew keeps the lease of the running job j until stop is called: every
// Lease/3 it moves the lease's end to Lease from now. stop returns once no
// renewal is under way, so none lands after the job's outcome is written.
func (q *Queue) renew(ctx context.Context, j *job) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(q.Lease / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				until := q.clock.Now().Add(q.Lease).UnixMilli()
				if _, err := q.db.Conn().Exec(ctx, `UPDATE jobs SET locked_until = ? WHERE id = ? AND done_at IS NULL AND failed_at IS NULL`, until, j.id); err != nil && ctx.Err() == nil {
					q.log.WarnContext(ctx, "job lease not renewed", "kind", j.kind, "id", j.id, "err", err)
				}
			}
		}
	})
	return func() {
		close(done)
		wg.Wait()
	}
}

// Abort ends the context of every running job (a shutdown whose grace
// period is over); their leases are released as they return. Workers stop
// claiming when their own context ends, before this.
func (q *Queue) Abort() { q.abortOnce.Do(func() { close(q.abort) }) }

func (q *Queue) aborted() bool {
	select {
	case <-q.abort:
		return true
	default:
		return false
	}
}

func safeRun(ctx context.Context, h Handler, p json.RawMessage) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("job panicked: %v", r)
		}
	}()
	return h(ctx, p)
}

// Work runs n workers until ctx ends, polling every interval (and at once
// when a job is enqueued in this process).
func (q *Queue) Work(ctx context.Context, n int, interval time.Duration) {
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.NewTicker(interval)
			defer t.Stop()
			for {
				for {
					ran, err := q.RunOnce(ctx)
					if err != nil && ctx.Err() == nil {
						q.log.Error("job queue", "err", err)
					}
					if !ran || ctx.Err() != nil {
						break
					}
				}
				select {
				case <-ctx.Done():
					return
				case <-t.C:
				case <-q.wake:
				}
			}
		}()
	}
	wg.Wait()
}
