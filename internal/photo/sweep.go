package photo

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
)

// Stored files and rows are kept in step by their order: an upload writes
// the file before the row that names it, a delete removes the row before
// the files. A crash (kill -9, power) in between leaves only a file no row
// names, never a row naming a missing file. The sweep removes such
// orphans: a file is deleted only when it had no row at two sweeps in a
// row, so an upload in flight (file written, row not yet) is never taken.

// SweepEvery is how often orphaned photo files are looked for.
const SweepEvery = time.Hour

const sweepJob = "photo.sweep"

type sweepPayload struct {
	Repeat bool `json:"repeat"`
	// Seen are the orphans the previous sweep found; still orphans now, they go.
	Seen []string `json:"seen"`
}

// crashPoint marks a point of an upload, a delete or the resize job where
// a crash test's helper process may be killed; nothing in production.
var crashPoint = func(string) {}

// Schedule keeps one repeating sweep in the job queue (at start-up).
func (s *Service) Schedule(ctx context.Context) error {
	pending, err := s.jobs.Pending(ctx, sweepJob)
	if err != nil || pending {
		return err
	}
	return s.jobs.Enqueue(ctx, s.db.Conn(), sweepJob, sweepPayload{Repeat: true}, 3)
}

func (s *Service) sweep(ctx context.Context, raw json.RawMessage) error {
	var p sweepPayload
	_ = json.Unmarshal(raw, &p)
	found, removed, err := s.SweepOrphans(ctx, p.Seen)
	if removed > 0 {
		s.log.Info("orphaned photo files removed", "count", removed)
	}
	if !p.Repeat {
		return err
	}
	if err != nil {
		s.log.Warn("photo sweep failed; the next one retries", "err", err)
	}
	return s.jobs.EnqueueAt(ctx, s.db.Conn(), sweepJob, sweepPayload{Repeat: true, Seen: found}, s.clock.Now().Add(SweepEvery), 3)
}

// SweepOrphans looks at every stored photo file: one that no row names and
// that is in seen (an orphan at the previous sweep too) is deleted; the
// other orphans are returned, for the next sweep.
func (s *Service) SweepOrphans(ctx context.Context, seen []string) (found []string, removed int, err error) {
	wasOrphan := make(map[string]bool, len(seen))
	for _, k := range seen {
		wasOrphan[k] = true
	}
	kindNames := make([]string, 0, len(kinds))
	for k := range kinds {
		kindNames = append(kindNames, k)
	}
	slices.Sort(kindNames)
	for _, kn := range kindNames {
		k := kinds[kn]
		objs, err := s.files.List(ctx, k.dir+"/")
		if err != nil {
			return nil, removed, apperr.Wrap(err, "list photo files")
		}
		if len(objs) == 0 {
			continue
		}
		rows, err := namesOf(ctx, s.db.Conn(), kn)
		if err != nil {
			return nil, removed, err
		}
		named := make(map[string]bool, 3*len(rows))
		for _, p := range rows {
			for _, size := range []Size{Original, Large, Thumb} {
				named[p.key(size)] = true
			}
		}
		for _, o := range objs {
			// Only the files this package writes: {dir}/{owner}/{name} and
			// {dir}/{owner}/large|thumb/{stem}.jpg.
			parts := strings.Split(strings.TrimPrefix(o.Key, k.dir+"/"), "/")
			ours := len(parts) == 2 || (len(parts) == 3 && (parts[1] == string(Large) || parts[1] == string(Thumb)))
			if !ours || named[o.Key] {
				continue
			}
			if !wasOrphan[o.Key] {
				found = append(found, o.Key)
				continue
			}
			if err := s.files.Delete(ctx, o.Key); err != nil {
				return nil, removed, apperr.Wrap(err, "delete orphaned photo file")
			}
			removed++
		}
	}
	return found, removed, nil
}
