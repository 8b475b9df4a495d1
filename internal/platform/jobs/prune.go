package jobs

import (
	"context"
	"encoding/json"
	"time"
)

// Done jobs are kept for a while (to see what ran) and then deleted, so the
// table, and the metrics that group over it, stay small. Jobs that failed
// for good are kept: they are what an operator looks into.

// PruneKind is the daily job that deletes done jobs older than KeepDone.
const PruneKind = "jobs.prune"

// KeepDone is how long a done job stays in the table.
const KeepDone = 14 * 24 * time.Hour

// PruneEvery is how often the prune runs.
const PruneEvery = 24 * time.Hour

// Prune deletes the jobs done before now minus KeepDone and says how many.
func (q *Queue) Prune(ctx context.Context) (int64, error) {
	before := q.clock.Now().Add(-KeepDone).UnixMilli()
	res, err := q.db.Conn().Exec(ctx, `DELETE FROM jobs WHERE done_at IS NOT NULL AND done_at < ?`, before)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// SchedulePrune registers the prune and keeps one queued (at start-up); it
// queues the next run each time it runs.
func (q *Queue) SchedulePrune(ctx context.Context) error {
	q.Handle(PruneKind, func(ctx context.Context, _ json.RawMessage) error {
		n, err := q.Prune(ctx)
		if err != nil {
			return err
		}
		if n > 0 {
			q.log.InfoContext(ctx, "done jobs pruned", "deleted", n)
		}
		return q.EnqueueAt(ctx, q.db.Conn(), PruneKind, struct{}{}, q.clock.Now().Add(PruneEvery), 3)
	})
	q.CountAsSweep(PruneKind)
	pending, err := q.Pending(ctx, PruneKind)
	if err != nil || pending {
		return err
	}
	return q.EnqueueAt(ctx, q.db.Conn(), PruneKind, struct{}{}, q.clock.Now().Add(time.Hour), 3)
}
