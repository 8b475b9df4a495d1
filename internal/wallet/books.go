package wallet

import (
	"context"
	"log/slog"
	"sync"

	"github.com/omnirent/omnirent/internal/session"
)

// maxCachedBooks bounds how many landlords' entries a server keeps in memory
// (ten thousand entries take a few megabytes).
const maxCachedBooks = 64

// books keeps landlords' prepared entries in memory between requests, each
// with the revision it was read at: the overview of 10,000 entries then
// costs one small query (the revision) and the sums, instead of reading
// every row again (docs/perf.md). Any change raises the revision in the
// same database transaction, so a stale copy is never used, whichever
// server made the change. Cached entries are shared and never modified.
type books struct {
	mu    sync.Mutex
	byID  map[string]*cachedBook
	clock uint64
	// saving names the landlords whose snapshot is being stored; again,
	// those whose copy changed meanwhile (stored once more after).
	saving, again map[string]bool
}

type cachedBook struct {
	rev  int64
	txs  []Transaction
	used uint64
	// exact: the copy is the books at rev, not later (read whole at rev,
	// or from the snapshot of rev, then changed by this server's writes).
	exact bool
}

func (bs *books) get(landlordID string, rev int64) ([]Transaction, bool) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	c, ok := bs.byID[landlordID]
	if !ok || c.rev != rev {
		return nil, false
	}
	bs.clock++
	c.used = bs.clock
	return c.txs, true
}

func (bs *books) put(landlordID string, rev int64, txs []Transaction, exact bool) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	if bs.byID == nil {
		bs.byID = map[string]*cachedBook{}
	}
	if c, ok := bs.byID[landlordID]; ok && c.rev > rev {
		return // a newer copy came first
	}
	if _, ok := bs.byID[landlordID]; !ok && len(bs.byID) >= maxCachedBooks {
		oldest := ""
		for id, c := range bs.byID {
			if oldest == "" || c.used < bs.byID[oldest].used {
				oldest = id
			}
		}
		delete(bs.byID, oldest)
	}
	bs.clock++
	bs.byID[landlordID] = &cachedBook{rev: rev, txs: txs, used: bs.clock, exact: exact}
}

// change applies one written entry to the copy read at the revision
// before, making it the copy of rev; any other copy is dropped. The copy
// is new: requests reading the old one are not disturbed.
func (bs *books) change(landlordID string, rev int64, t Transaction) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	c, ok := bs.byID[landlordID]
	if !ok {
		return
	}
	if c.rev != rev-1 {
		delete(bs.byID, landlordID)
		return
	}
	txs := make([]Transaction, 0, len(c.txs)+1)
	found := false
	for _, x := range c.txs {
		if x.ID == t.ID {
			found = true
			if t.Kind == "" {
				continue
			}
			x = t
		}
		txs = append(txs, x)
	}
	if !found && t.Kind != "" {
		txs = append(txs, t)
	}
	bs.clock++
	bs.byID[landlordID] = &cachedBook{rev: rev, txs: txs, used: bs.clock, exact: c.exact}
}

// snapshotCopy is the copy to store as the landlord's snapshot: an exact
// copy of a large book (large entries or more).
func (bs *books) snapshotCopy(landlordID string, large int) (int64, []Transaction, bool) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	c, ok := bs.byID[landlordID]
	if !ok || !c.exact || len(c.txs) < large {
		return 0, nil, false
	}
	return c.rev, c.txs, true
}

// startSaving says whether to start storing the landlord's snapshot: not
// when one is being stored, which then stores the copy once more after.
func (bs *books) startSaving(landlordID string) bool {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	if bs.saving[landlordID] {
		if bs.again == nil {
			bs.again = map[string]bool{}
		}
		bs.again[landlordID] = true
		return false
	}
	if bs.saving == nil {
		bs.saving = map[string]bool{}
	}
	bs.saving[landlordID] = true
	return true
}

// doneSaving ends storing the landlord's snapshot, unless the copy changed
// meanwhile (false: store it again).
func (bs *books) doneSaving(landlordID string) bool {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	if bs.again[landlordID] {
		delete(bs.again, landlordID)
		return false
	}
	delete(bs.saving, landlordID)
	return true
}

// keepSnapshot stores this server's copy of the landlord's books as their
// snapshot when it is an exact copy of a large book, after the request
// (encoding and writing 10,000 entries take about 30 ms). Copies changed
// while one is stored are stored once more after it, the latest only.
func (s *Service) keepSnapshot(ctx context.Context, landlordID string) {
	if _, _, ok := s.books.snapshotCopy(landlordID, s.split.from); !ok || !s.books.startSaving(landlordID) {
		return
	}
	s.snapshots.Go(func() {
		for {
			if rev, txs, ok := s.books.snapshotCopy(landlordID, s.split.from); ok {
				if err := saveSnapshot(context.WithoutCancel(ctx), s.db.Conn(), landlordID, rev, txs); err != nil {
					slog.WarnContext(ctx, "wallet: snapshot of the books not saved", "err", err)
				}
			}
			if s.books.doneSaving(landlordID) {
				return
			}
		}
	})
}

// FinishSnapshots waits, until ctx is done, for the books' snapshots being
// stored (a server shutting down lets them finish).
func (s *Service) FinishSnapshots(ctx context.Context) {
	done := make(chan struct{})
	go func() {
		s.snapshots.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
	}
}

// book is a landlord's entries for one computation, with their
// properties' labels.
type book struct {
	txs    []Transaction // shared: read only
	labels map[string]string
}

func (s *Service) book(ctx context.Context, a session.Actor) (*book, error) {
	labels, err := s.labels(ctx, a)
	if err != nil {
		return nil, err
	}
	rev, err := revision(ctx, s.db.Conn(), a.UserID)
	if err != nil {
		return nil, err
	}
	if txs, ok := s.books.get(a.UserID, rev); ok {
		return &book{txs: txs, labels: labels}, nil
	}
	txs, ok, err := snapshotOf(ctx, s.db.Conn(), a.UserID, rev)
	if err != nil {
		// A snapshot that cannot be read is only slower: the entries are read.
		slog.WarnContext(ctx, "wallet: snapshot of the books not used", "err", err)
	}
	whole := false
	if !ok {
		if txs, whole, err = byLandlord(ctx, s.db.Conn(), a.UserID, rev, s.split); err != nil {
			return nil, err
		}
	}
	for i := range txs {
		s.prepare(&txs[i])
	}
	// Read after the revision: a change in between makes this copy newer
	// than its revision says (not exact), and the next request reads again.
	s.books.put(a.UserID, rev, txs, ok || whole)
	if whole {
		s.keepSnapshot(ctx, a.UserID)
	}
	return &book{txs: txs, labels: labels}, nil
}

// labelled copies the occurrences' entries (shared) with their property's label.
func (b *book) labelled(items []Occurrence) []Occurrence {
	out := make([]Occurrence, len(items))
	for i, it := range items {
		t := *it.Transaction
		label(&t, b.labels)
		out[i] = Occurrence{Date: it.Date, Transaction: &t, on: it.on, Scheduled: it.Scheduled}
	}
	return out
}
