package wallet

import (
	"bytes"
	"context"
	"encoding/gob"
	"errors"
	"hash/fnv"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// Snapshots of large books (issue 29). Reading 10,000 entries row by row
// costs about 90 ms on SQLite, most of it in the driver; the same entries
// encoded in one row decode in about 12 ms. A server with an exact copy of
// a large book in memory (read whole at the books' revision, then changed
// by its own edits) stores it so (Service.keepSnapshot); a server with no
// copy (just started, or another of the site's) uses the snapshot when its
// revision is still the books' one. Any change raises the revision in its
// own transaction, so a snapshot is never used for a state it does not
// hold.

// snapshotFormat names the encoding of a snapshot: the stored columns and
// the encoding's version. A snapshot in another format is not decoded (a
// column added later is not read from an old snapshot as empty).
var snapshotFormat = func() int64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte("gob 1\n" + cols))
	return int64(h.Sum64() >> 1)
}()

// snapshot is what is encoded: the entries, and their invoices' storage
// keys, which Invoice keeps unexported.
type snapshot struct {
	Entries     []Transaction
	InvoiceKeys []string
}

// snapshotOf is the landlord's entries as stored at revision rev in the
// current format; false when there is none.
func snapshotOf(ctx context.Context, c db.Conn, landlordID string, rev int64) ([]Transaction, bool, error) {
	var data []byte
	err := c.QueryRow(ctx, `SELECT entries FROM wallet_snapshots WHERE landlord_id = ? AND revision = ? AND format = ?`,
		landlordID, rev, snapshotFormat).Scan(&data)
	if errors.Is(err, db.NoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, apperr.Wrap(err, "read wallet snapshot")
	}
	var s snapshot
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&s); err != nil {
		return nil, false, apperr.Wrap(err, "decode wallet snapshot")
	}
	if len(s.InvoiceKeys) != len(s.Entries) {
		return nil, false, apperr.Wrap(errors.New("invoice keys and entries differ in number"), "decode wallet snapshot")
	}
	for i := range s.Entries {
		t := &s.Entries[i]
		t.landlordID = landlordID
		t.start, _ = parseDay(t.Date)
		t.end, _ = parseDay(t.EndDate)
		if t.Invoice != nil {
			t.Invoice.key = s.InvoiceKeys[i]
		}
	}
	return s.Entries, true, nil
}

// saveSnapshot stores the landlord's entries, read whole at revision rev,
// unless a snapshot of a later revision is stored.
func saveSnapshot(ctx context.Context, c db.Conn, landlordID string, rev int64, txs []Transaction) error {
	s := snapshot{Entries: txs, InvoiceKeys: make([]string, len(txs))}
	for i := range txs {
		if txs[i].Invoice != nil {
			s.InvoiceKeys[i] = txs[i].Invoice.key
		}
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(s); err != nil {
		return apperr.Wrap(err, "encode wallet snapshot")
	}
	_, err := c.Exec(ctx, `INSERT INTO wallet_snapshots (landlord_id, revision, format, entries) VALUES (?, ?, ?, ?)
		ON CONFLICT (landlord_id) DO UPDATE SET revision = excluded.revision, format = excluded.format, entries = excluded.entries
		WHERE wallet_snapshots.revision < excluded.revision OR wallet_snapshots.format <> excluded.format`,
		landlordID, rev, snapshotFormat, buf.Bytes())
	return apperr.Wrap(err, "save wallet snapshot")
}
