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
}

type cachedBook struct {
	rev  int64
	txs  []Transaction
	used uint64
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

func (bs *books) put(landlordID string, rev int64, txs []Transaction) {
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
	bs.byID[landlordID] = &cachedBook{rev: rev, txs: txs, used: bs.clock}
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
	bs.byID[landlordID] = &cachedBook{rev: rev, txs: txs, used: bs.clock}
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
		if txs, whole, err = byLandlord(ctx, s.db.Conn(), a.UserID, rev); err != nil {
			return nil, err
		}
	}
	for i := range txs {
		s.prepare(&txs[i])
	}
	if whole {
		// Stored while the answer is made (encoding and writing 10,000
		// entries take about 30 ms); the entries are not changed again.
		s.snapshots.Go(func() {
			if err := saveSnapshot(context.WithoutCancel(ctx), s.db.Conn(), a.UserID, rev, txs); err != nil {
				slog.WarnContext(ctx, "wallet: snapshot of the books not saved", "err", err)
			}
		})
	}
	// Read after the revision: a change in between makes this copy newer
	// than its revision says, and the next request reads again.
	s.books.put(a.UserID, rev, txs)
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
