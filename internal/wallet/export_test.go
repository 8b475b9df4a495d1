package wallet

import (
	"context"

	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/session"
)

// ForgetBooks empties the in-memory copies (tests measure the first read).
func (s *Service) ForgetBooks() {
	s.books.mu.Lock()
	s.books.byID = nil
	s.books.mu.Unlock()
}

// PauseAfterInvoiceFile makes every invoice upload run f between writing
// its file and the row that names it (the crash test's kill point).
func PauseAfterInvoiceFile(f func()) { afterInvoiceFile = f }

// ReadBooksInHalvesFrom makes the service read books of n entries or more
// in two halves, and run between (if set) once both are read; the returned
// function puts both back. Each waits for the snapshots being stored, which
// read the setting.
func (s *Service) ReadBooksInHalvesFrom(n int, between func()) func() {
	s.WaitSnapshots()
	was := s.split
	s.split = readSplit{from: n, between: between}
	return func() {
		s.WaitSnapshots()
		s.split = was
	}
}

// BookOrder is the ids of the landlord's entries as the books hold them
// (oldest first), read from the database again.
func (s *Service) BookOrder(ctx context.Context, a session.Actor) ([]string, error) {
	s.ForgetBooks()
	b, err := s.book(ctx, a)
	s.WaitSnapshots()
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(b.txs))
	for i := range b.txs {
		ids[i] = b.txs[i].ID
	}
	return ids, nil
}

// SnapshotFormat is the format snapshots are written in.
var SnapshotFormat = snapshotFormat

// WaitSnapshots waits for the books' snapshots being stored.
func (s *Service) WaitSnapshots() { s.snapshots.Wait() }

// StoreSnapshot stores, as the landlord's snapshot at revision rev, entries
// with the given ids (the race test's servers storing at once).
func StoreSnapshot(ctx context.Context, d *db.DB, landlordID string, rev int64, ids []string) error {
	txs := make([]Transaction, len(ids))
	for i, id := range ids {
		txs[i] = Transaction{ID: id, Kind: Expense, Date: "2026-10-01"}
	}
	return saveSnapshot(ctx, d.Conn(), landlordID, rev, txs)
}

// SnapshotIDs is the ids of the entries of the landlord's snapshot at
// revision rev; false when there is none.
func SnapshotIDs(ctx context.Context, d *db.DB, landlordID string, rev int64) ([]string, bool, error) {
	txs, ok, err := snapshotOf(ctx, d.Conn(), landlordID, rev)
	ids := make([]string, len(txs))
	for i := range txs {
		ids[i] = txs[i].ID
	}
	return ids, ok, err
}
