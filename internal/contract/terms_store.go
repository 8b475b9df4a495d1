package contract

import (
	"context"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// The SQL of acknowledged terms (table contract_term_acks).

func termAcks(ctx context.Context, conn db.Conn, id string) (map[string]bool, error) {
	hashes, err := db.All(ctx, conn, func(r db.Scanner) (string, error) {
		var h string
		return h, r.Scan(&h)
	}, `SELECT term_hash FROM contract_term_acks WHERE contract_id = ?`, id)
	if err != nil {
		return nil, apperr.Wrap(err, "read term acknowledgements")
	}
	out := make(map[string]bool, len(hashes))
	for _, h := range hashes {
		out[h] = true
	}
	return out, nil
}

// termAck is one acknowledgement as the signed agreement's audit page prints it.
type termAck struct {
	Term            string
	At              time.Time
	ByName, ByEmail string
}

// termAckList are an agreement's acknowledgements by the hash of their text.
func termAckList(ctx context.Context, conn db.Conn, id string) (map[string]termAck, error) {
	type row struct {
		hash string
		ack  termAck
	}
	rows, err := db.All(ctx, conn, func(r db.Scanner) (row, error) {
		var x row
		var at int64
		err := r.Scan(&x.hash, &x.ack.Term, &at, &x.ack.ByName, &x.ack.ByEmail)
		x.ack.At = time.UnixMilli(at).UTC()
		return x, err
	}, `SELECT term_hash, term, acknowledged_at, by_name, by_email FROM contract_term_acks WHERE contract_id = ?`, id)
	if err != nil {
		return nil, apperr.Wrap(err, "read term acknowledgements")
	}
	out := make(map[string]termAck, len(rows))
	for _, x := range rows {
		out[x.hash] = x.ack
	}
	return out, nil
}

func addTermAck(ctx context.Context, conn db.Conn, id, hash, term string, now int64, byName, byEmail string) error {
	if _, err := conn.Exec(ctx, `INSERT INTO contract_term_acks (contract_id, term_hash, term, acknowledged_at, by_name, by_email) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (contract_id, term_hash) DO NOTHING`, id, hash, term, now, byName, byEmail); err != nil {
		return apperr.Wrap(err, "acknowledge term")
	}
	return nil
}

func removeTermAck(ctx context.Context, conn db.Conn, id, hash string) error {
	if _, err := conn.Exec(ctx, `DELETE FROM contract_term_acks WHERE contract_id = ? AND term_hash = ?`, id, hash); err != nil {
		return apperr.Wrap(err, "withdraw acknowledgement")
	}
	return nil
}

// pruneTermAcks drops the acknowledgements of texts not in keep.
func pruneTermAcks(ctx context.Context, conn db.Conn, id string, keep []string) error {
	acks, err := termAcks(ctx, conn, id)
	if err != nil {
		return err
	}
	in := map[string]bool{}
	for _, k := range keep {
		in[k] = true
	}
	for h := range acks {
		if !in[h] {
			if err := removeTermAck(ctx, conn, id, h); err != nil {
				return err
			}
		}
	}
	return nil
}
