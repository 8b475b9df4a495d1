package wallet

import (
	"context"
	"encoding/json"
	"log/slog"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
)

// Invoice files no entry names (issue 24): an upload whose row never came
// (the server died between writing the file and the row, or the entry was
// deleted meanwhile and the clean-up failed) is removed by a sweep, a
// durable job (platform/jobs) that queues its next run itself.
const (
	orphanJob = "wallet.invoice-orphans"
	// OrphanAge is how old an unnamed file must be before the sweep removes
	// it: a younger one may be an upload whose row is about to be written
	// (an upload waits for the entry's lock for seconds at most).
	OrphanAge = time.Hour
	// orphanEvery is how often the sweep runs.
	orphanEvery = 6 * time.Hour
)

// invoiceKey is where an invoice's file is stored: under its landlord and
// entry, named by the time it was written (for the sweep's age threshold,
// whatever the store can tell of a file's age) and a random part.
func invoiceKey(landlordID, id string, at time.Time, ext string) string {
	return "wallet/" + landlordID + "/" + id + "/" + strconv.FormatInt(at.UnixMilli(), 10) + "-" + uuid.NewString() + ext
}

// writtenAt is the time an invoice key was made; ok false for a key of the
// earlier form (a random name only), which is taken as old.
func writtenAt(key string) (time.Time, bool) {
	name := path.Base(key)
	i := strings.IndexByte(name, '-')
	if i <= 0 {
		return time.Time{}, false
	}
	ms, err := strconv.ParseInt(name[:i], 10, 64)
	if err != nil || ms <= 0 {
		return time.Time{}, false
	}
	return time.UnixMilli(ms), true
}

// Schedule makes sure the orphan sweep is queued (at start-up).
func (s *Service) Schedule(ctx context.Context) error {
	if s.jobs == nil {
		return nil
	}
	pending, err := s.jobs.Pending(ctx, orphanJob)
	if err != nil || pending {
		return err
	}
	return s.jobs.EnqueueAt(ctx, s.db.Conn(), orphanJob, struct{}{}, s.now().Add(time.Minute), 3)
}

func (s *Service) orphanJob(ctx context.Context, _ json.RawMessage) error {
	if _, err := s.SweepOrphans(ctx); err != nil {
		slog.ErrorContext(ctx, "wallet: invoice orphan sweep", "err", err)
	}
	return s.jobs.EnqueueAt(ctx, s.db.Conn(), orphanJob, struct{}{}, s.now().Add(orphanEvery), 3)
}

// SweepOrphans removes the invoice files that no entry names and that are
// older than OrphanAge; it answers how many went. The files are listed
// before the rows are read, so a file whose row is written in between is
// seen as named (and a young one is left alone anyway).
func (s *Service) SweepOrphans(ctx context.Context) (int, error) {
	files, err := s.files.List(ctx, "wallet/")
	if err != nil {
		return 0, apperr.Wrap(err, "list wallet invoice files")
	}
	named, err := invoiceKeys(ctx, s.db.Conn())
	if err != nil {
		return 0, err
	}
	cutoff := s.now().Add(-OrphanAge)
	n := 0
	for _, f := range files {
		if named[f.Key] {
			continue
		}
		if at, ok := writtenAt(f.Key); ok && at.After(cutoff) {
			continue
		}
		if err := s.files.Delete(ctx, f.Key); err != nil {
			slog.WarnContext(ctx, "wallet: an orphan invoice file was not removed", "key", f.Key, "err", err)
			continue
		}
		n++
	}
	if n > 0 {
		slog.InfoContext(ctx, "wallet: orphan invoice files removed", "count", n)
	}
	return n, nil
}
